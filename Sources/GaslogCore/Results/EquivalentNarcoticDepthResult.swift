import LogbookStore
import NitroxCalculator

/// A mix's END and density at a depth: `end --json` and the API's keys, then `warnings`.
public struct EquivalentNarcoticDepthResult: UseCaseResult, TextResult {
    /// The mix's facts at the depth asked about.
    public let facts: MixFacts

    /// The JSON `--json` prints and the API answers.
    public func json(warnings: [Warning]) -> JSONValue {
        let (mix, depth) = (facts.mix, facts.depth)
        return .object(
            [
                ("label", .string(mix.label)), ("o2", .number(mix.percentText)), ("he", .number(mix.heliumPercentText)),
                ("depth", .number(depth.text)), ("end", .integer(facts.equivalentNarcoticDepth)), ("density", .number(facts.densityText)),
                ("unit", .string(depth.unit.rawValue)),
            ], warnings: warnings)
    }

    /// "Tx 18/45 at 60 m — END 33 m, density 6.3 g/L".
    public func text(_ style: some TextStyle) -> String {
        let (mix, depth) = (facts.mix, facts.depth)
        let symbol = depth.unit.depthSymbol
        return style.strong(mix.label) + style.light(" at ") + style.strong("\(depth.text) \(symbol)") + style.light(" — END ")
            + style.depth("\(facts.equivalentNarcoticDepth) \(symbol)") + style.light(", density ") + style.strong("\(facts.densityText) g/L")
            + "\n"
    }
}
