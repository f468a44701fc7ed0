import LogbookStore

/// What falls due, one per line in JSON: compressors' filters at or below a
/// tenth of their life first, since they need action at once, then
/// cylinders' inspections and compressors' air tests, soonest first.
public struct DueResult: UseCaseResult {
    /// One line: a cylinder's inspection or a compressor's test or filter.
    public enum Row: Sendable, Equatable {
        case cylinder(Logbook.DueInspection)
        case compressor(CompressorDue)
    }

    /// The rows, in the order they are listed.
    public let rows: [Row]
    /// How many days ahead they were looked for.
    public let days: Int

    /// The rows of `inspections` and `compressors` in the listed order.
    init(inspections: [Logbook.DueInspection], compressors: [CompressorDue], days: Int) {
        let filters = compressors.filter { $0.kind == .filter }.sorted {
            ($0.filterRemainingPercent ?? 0, $0.compressor.lowercased()) < ($1.filterRemainingPercent ?? 0, $1.compressor.lowercased())
        }
        let dated: [(due: CivilDate, name: String, kind: String, row: Row)] =
            inspections.map { ($0.due, $0.cylinder.lowercased(), $0.kind.rawValue, .cylinder($0)) }
            + compressors.compactMap { due in due.due.map { ($0, due.compressor.lowercased(), due.kind.rawValue, .compressor(due)) } }
        rows = filters.map(Row.compressor) + dated.sorted { ($0.due, $0.name, $0.kind) < ($1.due, $1.name, $1.kind) }.map(\.row)
        self.days = days
    }

    /// The result as `--json` prints it and the API answers it.
    public func json(warnings: [Warning]) -> JSONValue {
        .array(
            rows.map { row in
                switch row {
                case .cylinder(let inspection):
                    .object([
                        ("kind", .string("cylinder")),
                        ("cylinder", .string(inspection.cylinder)),
                        ("inspection", .string(inspection.kind == .hydro ? "hydrostatic" : "visual")),
                        ("last", .string(inspection.last.iso8601)),
                        ("due", .string(inspection.due.iso8601)),
                        ("days_left", .integer(inspection.daysLeft)),
                        ("overdue", .bool(inspection.daysLeft < 0)),
                    ])
                case .compressor(let due):
                    .object(
                        [
                            ("kind", .string("compressor")),
                            ("compressor", .string(due.compressor)),
                            ("inspection", .string(due.kind.rawValue)),
                            ("last", due.last.map { .string($0.iso8601) } ?? .null),
                            ("due", due.due.map { .string($0.iso8601) } ?? .null),
                            ("days_left", due.daysLeft.map(JSONValue.integer) ?? .null),
                            ("overdue", .bool(due.overdue)),
                        ] + (due.filterRemainingPercent.map { [("filter_remaining_percent", JSONValue.integer($0))] } ?? []))
                }
            })
    }

    /// A list: one element per line.
    public var isListed: Bool { true }
}
