import GaslogCore
import NitroxCalculator

/// `gaslog list`: every cylinder with its current gas.
enum ListCommand {
    static let spec = CommandSpec(
        "list", abstract: ListCylinders.summary.commandLine, discussion: ListCylinders.description?.commandLine,
        inputs: ListCylinders.inputs,
        options: [CommonOptions.json],
        handler: run
    )

    static func run(_ context: CommandContext) throws(CommandError) {
        let outcome = try context.run(ListCylinders.self)
        if context.wantsJSON { return context.output.write(outcome.encoded) }
        let (rows, unit, rounding) = (outcome.output.rows, outcome.output.unit, outcome.output.rounding)
        guard !rows.isEmpty else {
            context.output.writeLine("No cylinders yet. Record a fill with: gaslog fill <cylinder> --o2 <gas>")
            return
        }
        var table = TextTable(["CYLINDER", "GAS", "O2 %", "ppO₂", "MOD", "FILL", "FILLED", "NOTE"])
        for (gas, shown) in rows.map({ ($0.gas, $0.shown) }) {
            let note = Report.currentGasNotes(gas, shown: shown, unit: unit).joined(separator: "; ")
            guard let fill = gas.fill, let shown else {
                table.append([gas.cylinder.name, Report.absence(gas), "", "", "", "", "", note])
                continue
            }
            table.append([
                gas.cylinder.name, shown.label, shown.mix.percentText, shown.partialPressure.text,
                "\(shown.mod(at: nil, rounding: rounding).depth(in: unit)) \(unit.depthSymbol)", String(fill.id),
                LocalTime.text(of: fill.filledAt), note,
            ])
        }
        context.output.write(table.text(style: context.style))
    }
}
