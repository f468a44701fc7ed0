import LogbookStore
import NitroxCalculator

/// `gaslog list`: every cylinder with its current gas.
enum ListCommand {
    static let spec = CommandSpec(
        "list",
        abstract: "List each cylinder with its current gas: label, O2, ppO₂, MOD and when it was filled.",
        discussion: "A cylinder's current gas is its latest fill that is not void.",
        options: [CommonOptions.round, CommonOptions.unit, CommonOptions.json],
        handler: run
    )

    static func run(_ invocation: Invocation, _ context: CommandContext) throws(CommandError) {
        let unit = try context.unit()
        let rounding = try context.explicitRounding()
        func depth(_ fill: FillRecord) -> Int { fill.mod(in: unit, rounding: rounding) }
        let cylinders = try context.withLogbook { logbook throws(LogbookError) in try logbook.cylinderSummaries() }
        if context.wantsJSON {
            context.emit(lines: cylinders.map { cylinder, fill in
                .object([
                    ("cylinder", .string(cylinder)),
                    ("label", fill.map { .string($0.label) } ?? .null),
                    ("o2", fill.map { .number($0.mix.percentText) } ?? .null),
                    ("ppo2", fill.map { .number($0.partialPressure.text) } ?? .null),
                    ("mod", fill.map { .integer(depth($0)) } ?? .null),
                    ("unit", .string(unit.rawValue)),
                    ("filled_at", fill.map { .string($0.filledAt) } ?? .null),
                ])
            })
            return
        }
        guard !cylinders.isEmpty else {
            context.output.writeLine("No cylinders yet. Record a fill with: gaslog fill <cylinder> --o2 <gas>")
            return
        }
        var table = TextTable(["CYLINDER", "GAS", "O2 %", "PPO2", "MOD", "FILLED (UTC)"])
        for (cylinder, fill) in cylinders {
            guard let fill else {
                table.append([cylinder, "no current gas (all fills void)", "", "", "", ""])
                continue
            }
            table.append([cylinder, fill.label, fill.mix.percentText, fill.partialPressure.text,
                          "\(depth(fill)) \(unit.depthSymbol)", fill.filledAt])
        }
        context.output.write(table.text(style: context.style))
    }
}
