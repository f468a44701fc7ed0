import LogbookStore
import NitroxCalculator

/// A blend plan: `blend --json` and the API's keys, in gauge readings of the
/// plan's unit, then `warnings`.
public struct BlendResult: UseCaseResult, TextResult {
    /// The plan.
    public let plan: BlendPlan
    /// The cylinder's name as the register writes it.
    public let cylinder: String

    /// A gauge reading as shown: whole bar or psi.
    private func reading(_ value: Rational) -> String { "\(value.roundedHalfDown)" }

    /// The JSON `--json` prints and the API answers.
    public func json(warnings: [Warning]) -> JSONValue {
        .object(
            [
                ("cylinder", .string(cylinder)),
                ("from", .number(reading(plan.from))),
                ("from_o2", .number(plan.fromMix.percentText)),
                ("target_o2", .number(plan.target.percentText)),
                ("to", .number(reading(plan.to))),
                ("bleed_to", plan.bleedTo.map { .number(reading($0)) } ?? .null),
                ("add_o2", .number(reading(plan.oxygenToAdd))),
                ("o2_to", .number(reading(plan.oxygenTo))),
                ("top_off_gas", .number(plan.topOffGas.percentText)),
                ("top_off_to", .number(reading(plan.to))),
                ("final_o2", .number(plan.finalPercentText)),
                ("unit", .string(plan.unit.rawValue)),
                ("from_he", .number(plan.fromMix.heliumPercentText)),
                ("target_he", .number(plan.target.heliumPercentText)),
                ("add_he", .number(reading(plan.heliumToAdd))),
                ("he_to", .number(reading(plan.heliumTo))),
                ("final_he", .number(plan.finalHeliumPercentText)),
            ], warnings: warnings)
    }

    /// Three lines: from what to what, the steps, and the final mix.
    public func text(_ style: some TextStyle) -> String {
        let symbol = plan.unit.pressureSymbol
        var steps: [String] = []
        if let bleedTo = plan.bleedTo { steps.append("bleed down to \(reading(bleedTo)) \(symbol)") }
        if plan.heliumToAdd > Rational(0) {
            steps.append("add \(reading(plan.heliumToAdd)) \(symbol) helium (to \(reading(plan.heliumTo)) \(symbol))")
        }
        if plan.oxygenToAdd > Rational(0) {
            steps.append("add \(reading(plan.oxygenToAdd)) \(symbol) O2 (to \(reading(plan.oxygenTo)) \(symbol))")
        }
        if plan.oxygenTo < plan.to {
            let gas = plan.topOffGas == .air ? "air" : plan.topOffGas.label
            steps.append("top off with \(gas) to \(reading(plan.to)) \(symbol)")
        }
        if steps.isEmpty { steps.append("nothing to do: the cylinder already holds the target") }
        let helium = plan.target.hasHelium || plan.finalHeliumFraction > Rational(0) ? ", \(plan.finalHeliumPercentText)% helium" : ""
        let model = plan.isRealGas ? " (real gas, Subsurface's model)" : " (ideal gas)"
        return style.strong(cylinder) + style.light(": from ") + style.strong("\(reading(plan.from)) \(symbol)")
            + style.light(" of ") + style.strong(plan.fromMix.label) + style.light(" to ") + style.strong("\(reading(plan.to)) \(symbol)")
            + style.light(" of ") + style.strong(plan.target.label) + "\n"
            + "  " + steps.joined(separator: ", then ") + "\n"
            + style.light("  final mix: ") + style.depth("\(plan.finalPercentText)% O2\(helium)") + style.light(model) + "\n"
    }
}
