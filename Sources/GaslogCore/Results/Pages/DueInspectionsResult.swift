import LogbookStore

/// Inspections overdue or falling due.
public struct DueInspectionsResult: UseCaseResult {
    /// The inspections, as the logbook orders them.
    public let inspections: [DueInspection]

    /// Each inspection's cylinder, kind, date and days left, one a line.
    public func json(warnings: [Warning]) -> JSONValue {
        .array(
            inspections.map { item in
                .object([
                    ("cylinder", .string(item.cylinder)), ("inspection", .string(item.kind.rawValue)),
                    ("due", .string(item.due.iso8601)), ("days_left", .integer(item.daysLeft)),
                ])
            })
    }

    /// A list.
    public var isListed: Bool { true }
}
