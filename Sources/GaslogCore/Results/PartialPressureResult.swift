import LogbookStore
import NitroxCalculator

/// A mix's ppO₂ and density at a depth: `ppo2 --json` and the API's keys, then `warnings`.
public struct PartialPressureResult: UseCaseResult, TextResult {
    /// The mix.
    public let mix: GasMix
    /// The depth asked about.
    public let depth: Depth
    /// The ppO₂ there, with two decimals rounded up.
    public let partialPressure: String
    /// The gas density there in g/L, one decimal rounded up.
    public let density: String

    /// The JSON `--json` prints and the API answers.
    public func json(warnings: [Warning]) -> JSONValue {
        .object(
            [
                ("o2", .number(mix.percentText)), ("label", .string(mix.label)), ("depth", .number(depth.text)),
                ("ppo2", .number(partialPressure)), ("density", .number(density)), ("unit", .string(depth.unit.rawValue)),
            ], warnings: warnings)
    }

    /// "EAN 32 at 30 m — ppO₂ 1.28".
    public func text(_ style: some TextStyle) -> String {
        ResultText.atDepth(mix, depth, name: "ppO₂", shown: partialPressure, style: style)
    }
}
