import LogbookStore

/// The inspections due, soonest first, one per line in JSON.
public struct DueResult: UseCaseResult {
    /// The inspections, soonest first.
    public let inspections: [Logbook.DueInspection]
    /// How many days ahead they were looked for.
    public let days: Int

    /// The result as `--json` prints it and the API answers it.
    public func json(warnings: [Warning]) -> JSONValue {
        .array(
            inspections.map { inspection in
                .object([
                    ("cylinder", .string(inspection.cylinder)),
                    ("inspection", .string(inspection.kind == .hydro ? "hydrostatic" : "visual")),
                    ("last", .string(inspection.last.iso8601)),
                    ("due", .string(inspection.due.iso8601)),
                    ("days_left", .integer(inspection.daysLeft)),
                    ("overdue", .bool(inspection.daysLeft < 0)),
                ])
            })
    }

    /// A list: one element per line.
    public var isListed: Bool { true }
}
