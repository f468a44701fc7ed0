import GaslogCore
import LogbookStore
import NitroxCalculator

/// `gaslog blend`: a partial-pressure blend plan for a logged cylinder.
enum BlendCommand {
    static let spec = CommandSpec(
        "blend",
        abstract: "Plan a partial-pressure blend with pure oxygen and a top-off gas, from what a logged cylinder holds.",
        discussion: """
            The start is the cylinder's current gas from the log at --from (default: its last \
            fill's pressure); --from-gas overrides the gas, and an empty cylinder is --from 0. \
            The plan adds oxygen and tops off, bleeding down first when the cylinder holds too much \
            oxygen or too much gas. The arithmetic is ideal-gas, as printed blending tables are. \
            Gauge readings are rounded to 1 bar or 10 psi and oxygen always to the lean side, so the \
            plan followed literally never exceeds the target; the final mix shown is what its \
            rounded numbers give. The default top-off is air at 21% O2, the divers' convention: \
            real air's 20.9% only makes the real mix leaner than predicted.
            Because pure oxygen passes through the valve, a cylinder the register marks as not \
            oxygen-clean is refused (exit 65), as is a target above its working pressure plus the \
            allowed margin; --override REASON plans anyway.
            """,
        arguments: [cylinder],
        options: [
            target, to, from, fromGas, topOff, realGas, overrideReason,
            CommonOptions.unit,
            CommonOptions.json,
        ],
        examples: ["gaslog blend \"Club 07\" --target 36 --to 200 --from 50", "gaslog blend \"Club 07\" --target EAN32 --to 3000psi --from 0"],
        handler: run
    )

    static let cylinder = Argument<CylinderName>("cylinder", help: "The cylinder to blend into.")
    static let target = Option<GasMix>("target", help: "The mix to reach.").required()
    static let to = Option<PressureEntry>("to", help: "The final pressure: 200, 200bar or 3000psi.").required()
    static let from = Option<PressureEntry>("from", help: "The pressure in the cylinder now (default: its last fill's).")
    static let fromGas = Option<GasMix>("from-gas", help: "The gas in the cylinder now (default: its current gas from the log).")
    static let topOff = Option<GasMix>("top-off", help: "The top-off gas (default air, 21%).")
    static let overrideReason = CommonOptions.note(
        "override", value: "reason", field: "override reason",
        help: "Plan although a check refuses the cylinder.")

    static let realGas = Flag(
        "real-gas",
        help:
            "Use Subsurface's real-gas model (a virial fit of O2, N2 and He compressibility) instead of the ideal gas: the readings at which the real gases hold the target."
    )

    static func run(_ context: CommandContext) throws(CommandError) {
        let name = try context.value(cylinder)
        let target = try context.value(Self.target)
        let fromGas = try context.value(Self.fromGas)
        let topOff = try context.value(Self.topOff) ?? .air
        let overrideReason = try context.value(Self.overrideReason)
        let unit = try context.unit()
        let to = try context.pressure(Self.to, unit: unit)
        // What is left in a cylinder is often under 50 bar: no warning here.
        let from = try context.pressure(Self.from, unit: unit, allowsZero: true, warnsWhenLow: false)

        let request = BlendRequest(
            cylinder: name, target: target, to: to, from: from, fromMix: fromGas, topOff: topOff,
            unit: unit, overrideReason: overrideReason, realGas: context.isSet(realGas))
        let outcome = try context.writing(to: name) { logbook throws(LogbookError) in try logbook.planBlend(request) }
        LogbookWording.warnings(for: outcome).forEach(context.warn)
        report(outcome.plan, cylinder: outcome.cylinder, context)
    }

    private static func report(_ plan: BlendPlan, cylinder: String, _ context: CommandContext) {
        let unit = plan.unit
        func reading(_ value: Rational) -> String { "\(value.roundedHalfDown)" }
        if context.wantsJSON {
            return context.emit(
                .object([
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
                    ("unit", .string(unit.rawValue)),
                    ("from_he", .number(plan.fromMix.heliumPercentText)),
                    ("target_he", .number(plan.target.heliumPercentText)),
                    ("add_he", .number(reading(plan.heliumToAdd))),
                    ("he_to", .number(reading(plan.heliumTo))),
                    ("final_he", .number(plan.finalHeliumPercentText)),
                ]))
        }
        let symbol = unit.pressureSymbol
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
        let style = context.style
        context.output.writeLine(
            style.strong(cylinder) + style.light(": from ") + style.strong("\(reading(plan.from)) \(symbol)")
                + style.light(" of ") + style.strong(plan.fromMix.label) + style.light(" to ") + style.strong("\(reading(plan.to)) \(symbol)")
                + style.light(" of ") + style.strong(plan.target.label))
        context.output.writeLine("  " + steps.joined(separator: ", then "))
        let helium = plan.target.hasHelium || plan.finalHeliumFraction > Rational(0) ? ", \(plan.finalHeliumPercentText)% helium" : ""
        let model = plan.isRealGas ? " (real gas, Subsurface's model)" : " (ideal gas)"
        context.output.writeLine(style.light("  final mix: ") + style.depth("\(plan.finalPercentText)% O2\(helium)") + style.light(model))
    }
}
