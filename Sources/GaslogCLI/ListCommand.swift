import LogbookStore
import NitroxCalculator

/// `gaslog list`: every cylinder with its current gas.
enum ListCommand {
    static let spec = CommandSpec(
        "list",
        abstract: "List each cylinder with its current gas: label, O2, ppO₂, MOD and the fill it comes from.",
        discussion: """
            A cylinder's current gas is its latest fill that is neither void nor dated in the future. \
            Its MOD comes from the richer of the blender's and the diver's readings. The NOTE column \
            marks retired cylinders, newer fills that were passed over, and tags that show a deeper MOD.
            """,
        options: [CommonOptions.round, CommonOptions.unit, CommonOptions.json],
        handler: run
    )

    static func run(_ context: CommandContext) throws(CommandError) {
        let unit = try context.unit()
        let rounding = try context.value(CommonOptions.round)
        let gases = try context.withLogbook { logbook throws(LogbookError) in try logbook.currentGases() }
        if context.wantsJSON {
            return context.emit(lines: gases.map { Report.currentGasJSON($0, unit: unit, limit: nil, rounding: rounding) })
        }
        guard !gases.isEmpty else {
            context.output.writeLine("No cylinders yet. Record a fill with: gaslog fill <cylinder> --o2 <gas>")
            return
        }
        var table = TextTable(["CYLINDER", "GAS", "O2 %", "ppO₂", "MOD", "FILL", "FILLED", "NOTE"])
        for gas in gases {
            let note = Report.currentGasNotes(gas, unit: unit).joined(separator: "; ")
            guard let fill = gas.fill else {
                table.append([gas.cylinder.name, Report.absence(gas), "", "", "", "", "", note])
                continue
            }
            table.append([
                gas.cylinder.name, fill.referenceMix.label, fill.referenceMix.percentText, fill.partialPressure.text,
                "\(fill.mod(in: unit, rounding: rounding)) \(unit.depthSymbol)", String(fill.id), LocalTime.text(of: fill.filledAt), note,
            ])
        }
        context.output.write(table.text(style: context.style))
    }
}
