import LogbookStore
import NitroxCalculator

/// A nitrox's EAD at a depth: `{"o2","label","depth","ead","unit"}`, as
/// `ead --json` has always given it. It has no warnings: a depth where the
/// mix is not breathable is refused instead.
public struct EquivalentAirDepthResult: UseCaseResult, TextResult, DeclaredObject {
    /// The nitrox.
    public let mix: GasMix
    /// The depth asked about.
    public let depth: Depth
    /// The EAD, rounded up, in the depth's unit.
    public let equivalentAirDepth: Int

    /// Its name among the OpenAPI document's schemas.
    public static let schemaName = "EAD"
    /// What it is, for its schema.
    public static let meaning = "The equivalent air depth of a nitrox at a depth."
    /// Whether its use case's warnings follow its keys.
    public static let hasWarnings = false
    /// `{"o2","label","depth","ead","unit"}`: what `--json` prints and the API answers.
    public static let fields = ResultFields<EquivalentAirDepthResult>([
        ResultField("o2", .number) { .number($0.mix.percentText) },
        ResultField("label", .string) { .string($0.mix.label) },
        ResultField("depth", .number) { .number($0.depth.text) },
        ResultField("ead", .integer()) { .integer($0.equivalentAirDepth) },
        ResultField("unit", .unit) { .string($0.depth.unit.rawValue) },
    ])

    /// "EAN 32 at 30 m — EAD 25 m".
    public func text(_ style: some TextStyle) -> String {
        ResultText.atDepth(mix, depth, name: "EAD", shown: "\(equivalentAirDepth) \(depth.unit.depthSymbol)", style: style)
    }
}
