import GaslogCore
import LogbookStore
import NitroxCalculator

/// `gaslog mod`: how deep a mix, or a cylinder's current gas, can go.
enum ModCommand {
    static let spec = CommandSpec(
        "mod",
        abstract: "Show the maximum operating depth of a mix, or of a cylinder's current gas.",
        discussion: """
            With --o2 this is a pure calculation: nothing is stored and no database is created. \
            With a cylinder it gives the MOD of that cylinder's current gas: its latest fill that is \
            neither void nor dated in the future, from the richer of the blender's and the diver's \
            readings. It names that fill, and says when newer fills were passed over, when the \
            cylinder is retired, and when the tag shows a deeper MOD. A cylinder without a current \
            gas exits 65.
            """,
        arguments: [cylinderArgument],
        options: [CommonOptions.o2, CommonOptions.he, CommonOptions.ppo2, CommonOptions.round, CommonOptions.unit, CommonOptions.json],
        examples: ["gaslog mod --o2 32", "gaslog mod --o2 EAN36 --ppo2 1.6 --unit imperial", "gaslog mod \"Club 07\" --json"],
        handler: run
    )

    static let cylinderArgument = Argument<CylinderName>("cylinder", help: "A cylinder in the log (instead of --o2).").optional()

    static func run(_ context: CommandContext) throws(CommandError) {
        let mix = try context.gas(CommonOptions.o2, helium: CommonOptions.he)
        let named = try context.value(cylinderArgument)
        let partialPressure = try context.value(CommonOptions.ppo2)
        let cylinder: CylinderName
        switch (mix, named) {
        case (nil, nil):
            throw .usage("missing '--o2 <gas>' or '<cylinder>'", ["mod"])
        case (_?, _?):
            throw .usage("give either '--o2 <gas>' or '<cylinder>', not both", ["mod"])
        case (let mix?, nil):
            let unit = try context.unit()
            let limit = partialPressure ?? .standard
            let depth = MaximumOperatingDepth(mix: mix, partialPressure: limit, rounding: try context.rounding()).depth(in: unit)
            // END and density at the MOD as shown, the rounded one.
            let settings = try context.settings()
            let facts = MixFacts(
                mix, at: Depth(Rational(depth), unit), minimumPartialPressure: settings.minimumPartialPressure,
                oxygenIsNarcotic: settings.oxygenIsNarcotic)
            if context.wantsJSON {
                return context.emit(
                    .object(
                        [
                            ("label", .string(mix.label)), ("o2", .number(mix.percentText)), ("ppo2", .number(limit.text)),
                            ("mod", .integer(depth)),
                        ] + ResultJSON.helium(facts) + [("unit", .string(unit.rawValue))]))
            }
            if mix.hasHelium, let warning = facts.densityWarning { context.warn(warning) }
            return context.output.writeLine(
                Report.depthLine(cylinder: nil, label: mix.label, depth: depth, unit: unit, limit: limit, style: context.style)
                    + Report.heliumText(facts, style: context.style))
        case (nil, let name?):
            cylinder = name
        }
        let unit = try context.unit()

        // The stored MOD is checked before any depth is shown.
        let (gas, shown) = try context.withLogbook { logbook throws(LogbookError) in
            let gas = try logbook.currentGas(of: cylinder)
            return (gas, try gas.fill?.shownGas())
        }
        context.warn(EarlierName(asked: cylinder, current: gas.cylinder.name))
        let rounding = try context.value(CommonOptions.round)
        let settings = try context.settings()
        // The store throws for a cylinder without a current gas.
        guard let fill = gas.fill, let shown else { return }
        let mod = shown.mod(at: partialPressure, rounding: rounding).depth(in: unit)
        let facts = shown.facts(at: mod, in: unit, settings: settings)
        if context.wantsJSON {
            guard case .object(let members) = ResultJSON.currentGas(gas, shown: shown, unit: unit, limit: partialPressure, rounding: rounding)
            else { return }
            return context.emit(.object(members + ResultJSON.helium(facts)))
        }
        if shown.mix.hasHelium, let warning = facts.densityWarning { context.warn(warning) }
        let line =
            Report.depthLine(
                cylinder: gas.cylinder.name, label: shown.label, depth: mod, unit: unit,
                limit: partialPressure ?? shown.partialPressure, style: context.style)
            + Report.heliumText(facts, style: context.style)
        context.output.writeLine(line + context.style.light(" (" + Report.provenance(gas, fill, shown: shown, unit: unit) + ")"))
    }
}
