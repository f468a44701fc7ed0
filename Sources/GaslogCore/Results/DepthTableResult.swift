import LogbookStore
import NitroxCalculator

/// A MOD table: in JSON an array with one object per row, one per line, as
/// `table --json` has always given it; as text the printed table.
public struct DepthTableResult: UseCaseResult, TextResult {
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
        .array(
            rows.map { row in
                .object([
                    ("o2", .number(row.mix.percentText)),
                    ("label", .string(row.mix.label)),
                    ("mod", .object(zip(limits, row.depths).map { ($0.text, .integer($1)) })),
                    ("unit", .string(unit.rawValue)),
                ])
            })
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
