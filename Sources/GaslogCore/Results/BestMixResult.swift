import LogbookStore
import NitroxCalculator

/// The best mix for a planned depth, with its MOD, and for a trimix its END
/// at the depth and its minimum depth: `best-mix --json` and the API's keys,
/// then `warnings`.
public struct BestMixResult: UseCaseResult, TextResult, DeclaredObject {
    /// What a trimix answer adds.
    public struct Trimix: Sendable, Equatable {
        /// The deepest END allowed, as asked.
        public let maximumEND: Depth
        /// The mix's END at the planned depth, rounded up.
        public let equivalentNarcoticDepth: Int
        /// The shallowest depth it may be breathed at; `nil` at the surface.
        public let minimumDepth: Int?
    }

    /// The mix.
    public let mix: GasMix
    /// The planned depth.
    public let depth: Depth
    /// The ppO₂ limit.
    public let limit: OxygenPartialPressure
    /// The mix's MOD at the limit, rounded, in the depth's unit.
    public let mod: Int
    /// The trimix facts, when an END limit was asked for.
    public let trimix: Trimix?

    /// Its name among the OpenAPI document's schemas.
    public static let schemaName = "BestMix"
    /// What it is, for its schema.
    public static let meaning = "The richest nitrox whose MOD reaches the depth or, with end, the best trimix."
    /// Whether its use case's warnings follow its keys.
    public static let hasWarnings = true
    /// What `--json` prints and the API answers; the trimix keys only with an END limit.
    public static let fields = ResultFields<BestMixResult>([
        ResultField("o2", .number) { .number($0.mix.percentText) },
        .optional("he", JSONSchema.number.described("With end only: the helium of the best trimix.")) { result in
            result.trimix.map { _ in .number(result.mix.heliumPercentText) }
        },
        ResultField("label", .string) { .string($0.mix.label) },
        ResultField("ppo2", .number) { .number($0.limit.text) },
        ResultField("depth", .number) { .number($0.depth.text) },
        ResultField("mod", .integer()) { .integer($0.mod) },
        .optional("end", JSONSchema.integer().described("With end only: the END at the depth.")) { result in
            result.trimix.map { .integer($0.equivalentNarcoticDepth) }
        },
        .optional(
            "min_depth", JSONSchema.integer().orNull.described("With end only: the shallowest depth where the mix is not hypoxic.")
        ) { result in
            result.trimix.map { trimix in trimix.minimumDepth.map { .integer($0) } ?? .null }
        },
        ResultField("unit", .unit) { .string($0.depth.unit.rawValue) },
    ])

    /// "Best mix for 30 m: EAN 35 — MOD 30 m at ppO₂ 1.4", and a trimix's END and minimum depth.
    public func text(_ style: some TextStyle) -> String {
        let unit = depth.unit
        let symbol = unit.depthSymbol
        let line = ResultText.depthLine(cylinder: nil, label: mix.label, depth: mod, unit: unit, limit: limit, style: style)
        guard let trimix else {
            return style.light("Best mix for ") + style.strong("\(depth.text) \(symbol)") + style.light(": ") + line + "\n"
        }
        let hypoxic = trimix.minimumDepth.map { style.light("; hypoxic: minimum depth ") + style.strong("\($0) \(symbol)") } ?? ""
        return style.light("Best mix for ") + style.strong("\(depth.text) \(symbol)")
            + style.light(" with END ≤ \(trimix.maximumEND.text) \(symbol): ") + line + style.light(", END ")
            + style.strong("\(trimix.equivalentNarcoticDepth) \(symbol)") + hypoxic + "\n"
    }
}
