import LogbookStore
import NitroxCalculator

/// A mix's ppO₂ and density at a depth: `ppo2 --json` and the API's keys, then `warnings`.
public struct PartialPressureResult: UseCaseResult, TextResult, DeclaredObject {
    /// The mix.
    public let mix: GasMix
    /// The depth asked about.
    public let depth: Depth
    /// The ppO₂ there, with two decimals rounded up.
    public let partialPressure: String
    /// The gas density there in g/L, one decimal rounded up.
    public let density: String

    /// Its name among the OpenAPI document's schemas.
    public static let schemaName = "PartialPressure"
    /// What it is, for its schema.
    public static let meaning = "The ppO₂ and gas density of a mix at a depth."
    /// Whether its use case's warnings follow its keys.
    public static let hasWarnings = true
    /// What `--json` prints and the API answers.
    public static let fields = ResultFields<PartialPressureResult>([
        ResultField("o2", .number) { .number($0.mix.percentText) },
        ResultField("label", .string) { .string($0.mix.label) },
        ResultField("depth", .number) { .number($0.depth.text) },
        ResultField("ppo2", JSONSchema.number.described("bar, two decimals rounded up.")) { .number($0.partialPressure) },
        ResultField("density", JSONSchema.number.described("g/L at the depth, one decimal rounded up.")) { .number($0.density) },
        ResultField("unit", .unit) { .string($0.depth.unit.rawValue) },
    ])

    /// "EAN 32 at 30 m — ppO₂ 1.28".
    public func text(_ style: some TextStyle) -> String {
        ResultText.atDepth(mix, depth, name: "ppO₂", shown: partialPressure, style: style)
    }
}
