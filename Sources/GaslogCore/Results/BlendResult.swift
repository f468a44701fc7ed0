import LogbookStore
import NitroxCalculator

/// A blend plan: `blend --json` and the API's keys, in gauge readings of the
/// plan's unit, then `warnings`.
public struct BlendResult: UseCaseResult, TextResult, DeclaredObject {
    /// The plan.
    public let plan: BlendPlan
    /// The cylinder's name as the register writes it.
    public let cylinder: String

    /// A gauge reading as shown: whole bar or psi.
    private func reading(_ value: Rational) -> String { "\(value.roundedHalfDown)" }

    /// Its name among the OpenAPI document's schemas.
    public static let schemaName = "BlendPlan"
    /// What it is, for its schema.
    public static let meaning = "A partial-pressure blend plan; gauge readings in the unit's pressure."
    /// Whether its use case's warnings follow its keys.
    public static let hasWarnings = true
    /// What `--json` prints and the API answers.
    public static let fields = ResultFields<BlendResult>([
        ResultField("cylinder", .string) { .string($0.cylinder) },
        ResultField("from", .number) { .number($0.reading($0.plan.from)) },
        ResultField("from_o2", .number) { .number($0.plan.fromMix.percentText) },
        ResultField("target_o2", .number) { .number($0.plan.target.percentText) },
        ResultField("to", .number) { .number($0.reading($0.plan.to)) },
        ResultField("bleed_to", JSONSchema.number.orNull.described("Bleed down to this first; null when no bleed is needed.")) { result in
            result.plan.bleedTo.map { .number(result.reading($0)) } ?? .null
        },
        ResultField("add_o2", .number) { .number($0.reading($0.plan.oxygenToAdd)) },
        ResultField("o2_to", .number) { .number($0.reading($0.plan.oxygenTo)) },
        ResultField("top_off_gas", .number) { .number($0.plan.topOffGas.percentText) },
        ResultField("top_off_to", .number) { .number($0.reading($0.plan.to)) },
        ResultField("final_o2", .number) { .number($0.plan.finalPercentText) },
        ResultField("unit", .unit) { .string($0.plan.unit.rawValue) },
        ResultField("from_he", .number) { .number($0.plan.fromMix.heliumPercentText) },
        ResultField("target_he", .number) { .number($0.plan.target.heliumPercentText) },
        ResultField("add_he", .number) { .number($0.reading($0.plan.heliumToAdd)) },
        ResultField("he_to", .number) { .number($0.reading($0.plan.heliumTo)) },
        ResultField("final_he", .number) { .number($0.plan.finalHeliumPercentText) },
    ])

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
