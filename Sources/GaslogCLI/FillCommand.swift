import GaslogCore
import NitroxCalculator

/// `gaslog fill`: records what went into a cylinder.
enum FillCommand {
    static let spec = CommandSpec(
        "fill", abstract: RecordFill.summary.commandLine, discussion: RecordFill.description?.commandLine,
        inputs: RecordFill.inputs,
        options: [CommonOptions.json],
        examples: [
            "gaslog fill \"Club 07\" --o2 32",
            "gaslog fill \"Club 07\" --o2 32.5 --pressure 232 --blender Ann --diver Bo --cert PADI-123 --diver-o2 32.2",
            "gaslog fill --o2 36 -- -2+3",
            "gaslog fill \"Club 07\" --o2 18/45 --pressure 200 --from 30 --diver Bo --bill-to \"Dive Club\"",
        ],
        handler: run
    )

    static func run(_ context: CommandContext) throws(CommandError) {
        let outcome = try context.run(RecordFill.self)
        if context.wantsJSON { return context.output.write(outcome.encoded) }
        let (fill, unit, facts) = (outcome.output.fill, outcome.output.unit, outcome.output.facts)
        let line =
            Report.depthLine(
                cylinder: fill.cylinder, label: fill.label, depth: fill.mod(in: unit), unit: unit, limit: fill.partialPressure,
                style: context.style)
            + Report.heliumText(facts, style: context.style)
        let pressure = fill.pressure.map { ", " + $0.displayText(in: unit) } ?? ""
        let compressor = fill.compressor.map { ", compressor " + $0 } ?? ""
        context.output.writeLine(
            line + context.style.light(" (fill \(fill.id), \(LocalTime.text(of: fill.filledAt))\(pressure)\(compressor))"))
        // The charge, once there is something to say: a price, or litres.
        let charge = outcome.output.charge
        if charge.amount != .zero || charge.oxygen != nil {
            let payer = fill.billTo.map { " to " + $0 } ?? ""
            context.output.writeLine(
                context.style.light("Charged\(payer): ") + ChargeText.summary(charge, currency: outcome.output.currency))
        }
    }
}
