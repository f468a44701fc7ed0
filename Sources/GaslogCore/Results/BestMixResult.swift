import LogbookStore
import NitroxCalculator

/// The best mix for a planned depth, with its MOD, and for a trimix its END
/// at the depth and its minimum depth: `best-mix --json` and the API's keys,
/// then `warnings`.
public struct BestMixResult: UseCaseResult, TextResult {
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

    /// The JSON `--json` prints and the API answers.
    public func json(warnings: [Warning]) -> JSONValue {
        let unit = depth.unit
        guard let trimix else {
            return .object(
                [
                    ("o2", .number(mix.percentText)), ("label", .string(mix.label)), ("ppo2", .number(limit.text)),
                    ("depth", .number(depth.text)), ("mod", .integer(mod)), ("unit", .string(unit.rawValue)),
                ], warnings: warnings)
        }
        return .object(
            [
                ("o2", .number(mix.percentText)), ("he", .number(mix.heliumPercentText)), ("label", .string(mix.label)),
                ("ppo2", .number(limit.text)), ("depth", .number(depth.text)), ("mod", .integer(mod)),
                ("end", .integer(trimix.equivalentNarcoticDepth)), ("min_depth", trimix.minimumDepth.map { .integer($0) } ?? .null),
                ("unit", .string(unit.rawValue)),
            ], warnings: warnings)
    }

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
