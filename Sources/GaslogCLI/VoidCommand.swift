import GaslogCore
import NitroxCalculator

/// `gaslog void`: corrects the log without deleting anything.
enum VoidCommand {
    static let spec = CommandSpec(
        "void", abstract: VoidFill.summary.commandLine, discussion: VoidFill.description?.commandLine,
        inputs: VoidFill.inputs,
        options: [CommonOptions.json],
        examples: ["gaslog void 17 --reason \"analyser not calibrated\""],
        handler: run
    )

    static func run(_ context: CommandContext) throws(CommandError) {
        let outcome = try context.run(VoidFill.self)
        if context.wantsJSON { return context.output.write(outcome.encoded) }
        let fill = outcome.output.fill
        context.output.writeLine(
            "Fill \(fill.id) (\(fill.cylinder), \(fill.label), \(LocalTime.text(of: fill.filledAt))) is void: \(singleLine(fill.voidReason ?? ""))")
    }
}
