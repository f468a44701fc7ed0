import LogbookStore
import NitroxCalculator

/// A MOD table: in JSON an array with one object per row, one per line, as
/// `table --json` has always given it; as text the printed table.
public struct DepthTableResult: UseCaseResult, TextResult, DeclaredResult {
    /// One O2 percentage's MODs, a depth per column.
    public struct Row: Sendable, Equatable {
        /// The row's mix.
        public let mix: GasMix
        /// Its MOD at each column's limit.
        public let depths: [Int]
    }

    /// The rows, leanest first.
    public let rows: [Row]
    /// The columns' ppO₂ limits.
    public let limits: [OxygenPartialPressure]
    /// How each MOD is rounded.
    public let rounding: DepthRounding
    /// The unit of the depths.
    public let unit: UnitSystem

    /// The JSON `--json` prints and the API answers.
    public func json(warnings: [Warning]) -> JSONValue {
        .array(rows.map { DepthTableResult.row.json(of: ($0, self)) })
    }

    /// One row: an O2 percentage and its MOD at each ppO₂ column.
    static let row = ResultFields<(row: Row, table: DepthTableResult)>([
        ResultField("o2", .number) { .number($0.row.mix.percentText) },
        ResultField("label", .string) { .string($0.row.mix.label) },
        ResultField("mod", modSchema) { entry in .object(zip(entry.table.limits, entry.row.depths).map { ($0.text, .integer($1)) }) },
        ResultField("unit", .unit) { .string($0.table.unit.rawValue) },
    ])

    /// The MODs of a row, keyed by their ppO₂.
    private static var modSchema: JSONSchema {
        var schema = JSONSchema.of(.object).described("The MOD at each ppO₂ column, keyed by the ppO₂ (\"1.4\").")
        schema.values = .integer()
        return schema
    }

    /// Its name among the OpenAPI document's schemas.
    public static let schemaName = "DepthTable"
    /// Its rows' schema, from their declaration.
    public static var schema: JSONSchema {
        JSONSchema.array(of: row.schema).described("A nitrox MOD table: one row per O2 percentage, one MOD per ppO₂ column.")
    }

    /// A row per line.
    public var isListed: Bool { true }

    /// "MOD in metres, rounded nearest", then the table.
    public func text(_ style: some TextStyle) -> String {
        var table = TextTable(["GAS", "O2 %"] + limits.map { "ppO₂ \($0.text)" })
        for row in rows {
            table.append([row.mix.label, row.mix.percentText] + row.depths.map { "\($0)" })
        }
        return "MOD in \(unit == .metric ? "metres" : "feet"), rounded \(rounding.rawValue)\n" + table.text(style: style)
    }
}
