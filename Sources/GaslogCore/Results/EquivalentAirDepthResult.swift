import LogbookStore
import NitroxCalculator

/// A nitrox's EAD at a depth: `{"o2","label","depth","ead","unit"}`, as
/// `ead --json` has always given it. It has no warnings: a depth where the
/// mix is not breathable is refused instead.
public struct EquivalentAirDepthResult: UseCaseResult, TextResult {
    /// The nitrox.
    public let mix: GasMix
    /// The depth asked about.
    public let depth: Depth
    /// The EAD, rounded up, in the depth's unit.
    public let equivalentAirDepth: Int

    /// The JSON `--json` prints and the API answers.
    public func json(warnings: [Warning]) -> JSONValue {
        .object([
            ("o2", .number(mix.percentText)), ("label", .string(mix.label)), ("depth", .number(depth.text)),
            ("ead", .integer(equivalentAirDepth)), ("unit", .string(depth.unit.rawValue)),
        ])
    }

    /// "EAN 32 at 30 m — EAD 25 m".
    public func text(_ style: some TextStyle) -> String {
        ResultText.atDepth(mix, depth, name: "EAD", shown: "\(equivalentAirDepth) \(depth.unit.depthSymbol)", style: style)
    }
}
