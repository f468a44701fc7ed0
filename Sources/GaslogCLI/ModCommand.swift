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
            let atMOD = Depth(Rational(depth), unit)
            let settings = try context.settings()
            if context.wantsJSON {
                return context.emit(
                    .object(
                        [
                            ("label", .string(mix.label)), ("o2", .number(mix.percentText)), ("ppo2", .number(limit.text)),
                            ("mod", .integer(depth)),
                        ] + Report.heliumJSON(mix, at: atMOD, settings: settings) + [("unit", .string(unit.rawValue))]))
            }
            if mix.hasHelium, let warning = Report.densityWarning(mix, at: atMOD) { context.warn(warning) }
            return context.output.writeLine(
                Report.depthLine(cylinder: nil, label: mix.label, depth: depth, unit: unit, limit: limit, style: context.style)
                    + Report.heliumText(mix, at: atMOD, settings: settings, style: context.style))
        case (nil, let name?):
            cylinder = name
        }
        let unit = try context.unit()

        let gas = try context.withLogbook { logbook throws(LogbookError) in try logbook.currentGas(of: cylinder) }
        context.warn(EarlierName(asked: cylinder, current: gas.cylinder.name))
        let rounding = try context.value(CommonOptions.round)
        let settings = try context.settings()
        // The store throws for a cylinder without a current gas.
        guard let fill = gas.fill else { return }
        let mod = fill.mod(in: unit, at: partialPressure, rounding: rounding)
        let atMOD = Depth(Rational(mod), unit)
        if context.wantsJSON {
            guard case .object(let members) = Report.currentGasJSON(gas, unit: unit, limit: partialPressure, rounding: rounding) else { return }
            return context.emit(.object(members + Report.heliumJSON(fill.referenceMix, at: atMOD, settings: settings)))
        }
        if fill.referenceMix.hasHelium, let warning = Report.densityWarning(fill.referenceMix, at: atMOD) { context.warn(warning) }
        let line =
            Report.depthLine(
                cylinder: gas.cylinder.name, label: fill.referenceMix.label, depth: mod, unit: unit,
                limit: partialPressure ?? fill.partialPressure, style: context.style)
            + Report.heliumText(fill.referenceMix, at: atMOD, settings: settings, style: context.style)
        context.output.writeLine(line + context.style.light(" (" + Report.provenance(gas, fill, unit: unit) + ")"))
    }
}
