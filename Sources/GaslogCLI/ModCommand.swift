import LogbookStore
import NitroxCalculator

/// `gaslog mod`: how deep a mix, or a cylinder's current gas, can go.
enum ModCommand {
    static let spec = CommandSpec(
        "mod",
        abstract: "Show the maximum operating depth of a mix, or of a cylinder's current gas.",
        discussion: """
            With --o2 this is a pure calculation: nothing is stored and no database is created. \
            With a cylinder it gives the MOD stored with that cylinder's latest fill that is not void, \
            or recomputes it when another --ppo2 is given.
            """,
        arguments: [ArgumentSpec("cylinder", optional: true, completion: .cylinders, help: "A cylinder in the log (instead of --o2).")],
        options: [CommonOptions.o2, CommonOptions.ppo2, CommonOptions.round, CommonOptions.unit, CommonOptions.json],
        examples: ["gaslog mod --o2 32", "gaslog mod --o2 EAN36 --ppo2 1.6 --unit imperial", "gaslog mod \"Club 07\" --json"],
        handler: run
    )

    static func run(_ invocation: Invocation, _ context: CommandContext) throws(CommandError) {
        let mix = try context.parse("o2", GasMix.init(parsing:))
        let cylinder = try context.parseArgument(0, CylinderName.init(parsing:))
        let partialPressure = try context.parse("ppo2", OxygenPartialPressure.init(parsing:))
        switch (mix, cylinder) {
        case (nil, nil):
            throw .usage("Missing '--o2 <gas>' or '<cylinder>'", ["mod"])
        case (_?, _?):
            throw .usage("Give either '--o2 <gas>' or '<cylinder>', not both", ["mod"])
        default:
            break
        }
        let unit = try context.unit()

        let gas: GasMix
        let label: String
        let limit: OxygenPartialPressure
        let depth: Int
        var storedName: String?
        if let mix {
            gas = mix
            label = mix.label
            limit = partialPressure ?? .standard
            depth = MaximumOperatingDepth(mix: mix, partialPressure: limit, rounding: try context.rounding()).depth(in: unit)
        } else {
            let fill = try context.withLogbook { logbook throws(LogbookError) in try logbook.currentFill(of: cylinder!) }
            storedName = fill.cylinder
            gas = fill.mix
            label = fill.label
            limit = partialPressure ?? fill.partialPressure
            depth = fill.mod(in: unit, at: limit, rounding: try context.explicitRounding())
        }

        if context.wantsJSON {
            var members: [(String, JSONValue)] = []
            if let storedName { members.append(("cylinder", .string(storedName))) }
            members += [
                ("label", .string(label)), ("o2", .number(gas.percentText)), ("ppo2", .number(limit.text)),
                ("mod", .integer(depth)), ("unit", .string(unit.rawValue)),
            ]
            context.emit(.object(members))
        } else {
            context.output.writeLine(Report.depthLine(cylinder: storedName, label: label, depth: depth, unit: unit, limit: limit,
                                                      style: context.style))
        }
    }
}
