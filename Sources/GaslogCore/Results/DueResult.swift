import LogbookStore

/// What falls due, one per line in JSON: compressors' filters at or below a
/// tenth of their life first, since they need action at once, then
/// cylinders' inspections and compressors' air tests, soonest first.
public struct DueResult: UseCaseResult, DeclaredResult {
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
                case .cylinder(let inspection): DueResult.cylinder.json(of: inspection)
                case .compressor(let due): DueResult.compressor.json(of: due)
                }
            })
    }

    /// A cylinder's inspection.
    static let cylinder = ResultFields<Logbook.DueInspection>([
        ResultField("kind", .constant("cylinder")) { _ in .string("cylinder") },
        ResultField("cylinder", .string) { .string($0.cylinder) },
        ResultField("inspection", .enumeration(["hydrostatic", "visual"])) { .string($0.kind == .hydro ? "hydrostatic" : "visual") },
        ResultField("last", JSONSchema.string.described("YYYY-MM-DD.")) { .string($0.last.iso8601) },
        ResultField("due", JSONSchema.string.described("Valid through this date, YYYY-MM-DD.")) { .string($0.due.iso8601) },
        ResultField("days_left", JSONSchema.integer().described("Negative when overdue.")) { .integer($0.daysLeft) },
        ResultField("overdue", .boolean) { .bool($0.daysLeft < 0) },
    ])

    /// A compressor's air test, or its filter.
    static let compressor = ResultFields<CompressorDue>([
        ResultField("kind", .constant("compressor")) { _ in .string("compressor") },
        ResultField("compressor", .string) { .string($0.compressor) },
        ResultField("inspection", .enumeration(["air_test", "filter"])) { .string($0.kind.rawValue) },
        ResultField("last", JSONSchema.string.orNull.described("The last test's date, YYYY-MM-DD; null for a filter.")) {
            $0.last.map { .string($0.iso8601) } ?? .null
        },
        ResultField("due", JSONSchema.string.orNull.described("The test is valid through this date, YYYY-MM-DD; null for a filter.")) {
            $0.due.map { .string($0.iso8601) } ?? .null
        },
        ResultField("days_left", JSONSchema.integer().orNull.described("Negative when overdue; null for a filter.")) {
            $0.daysLeft.map(JSONValue.integer) ?? .null
        },
        ResultField("overdue", JSONSchema.boolean.described("The test overdue, or the filter exhausted.")) { .bool($0.overdue) },
        .optional(
            "filter_remaining_percent", JSONSchema.integer().described("A filter's remaining life, a whole percent rounded down.")
        ) { $0.filterRemainingPercent.map(JSONValue.integer) },
    ])

    /// Its name among the OpenAPI document's schemas.
    public static let schemaName = "Due"
    /// Its rows' schema, from their declarations.
    public static var schema: JSONSchema {
        let rows = JSONSchema.either([
            cylinder.schema.described("A cylinder's inspection."),
            compressor.schema.described("A compressor's air test, or its filter at 10% of its life or less."),
        ])
        return JSONSchema.array(of: rows).described(
            "Compressors' filters at 10% of their life or less first, lowest first; then inspections and air tests, soonest first.")
    }

    /// A list: one element per line.
    public var isListed: Bool { true }
}
