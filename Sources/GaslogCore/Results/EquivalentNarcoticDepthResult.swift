import LogbookStore
import NitroxCalculator

/// A mix's END and density at a depth: `end --json` and the API's keys, then `warnings`.
public struct EquivalentNarcoticDepthResult: UseCaseResult, TextResult, DeclaredObject {
    /// The mix's facts at the depth asked about.
    public let facts: MixFacts

    /// Its name among the OpenAPI document's schemas.
    public static let schemaName = "END"
    /// What it is, for its schema.
    public static let meaning = "The equivalent narcotic depth and gas density of a mix at a depth."
    /// Whether its use case's warnings follow its keys.
    public static let hasWarnings = true
    /// What `--json` prints and the API answers.
    public static let fields = ResultFields<EquivalentNarcoticDepthResult>([
        ResultField("label", .string) { .string($0.facts.mix.label) },
        ResultField("o2", .number) { .number($0.facts.mix.percentText) },
        ResultField("he", .number) { .number($0.facts.mix.heliumPercentText) },
        ResultField("depth", .number) { .number($0.facts.depth.text) },
        ResultField("end", .integer()) { .integer($0.facts.equivalentNarcoticDepth) },
        ResultField("density", JSONSchema.number.described("g/L.")) { .number($0.facts.densityText) },
        ResultField("unit", .unit) { .string($0.facts.depth.unit.rawValue) },
    ])

    /// "Tx 18/45 at 60 m — END 33 m, density 6.3 g/L".
    public func text(_ style: some TextStyle) -> String {
        let (mix, depth) = (facts.mix, facts.depth)
        let symbol = depth.unit.depthSymbol
        return style.strong(mix.label) + style.light(" at ") + style.strong("\(depth.text) \(symbol)") + style.light(" — END ")
            + style.depth("\(facts.equivalentNarcoticDepth) \(symbol)") + style.light(", density ") + style.strong("\(facts.densityText) g/L")
            + "\n"
    }
}
