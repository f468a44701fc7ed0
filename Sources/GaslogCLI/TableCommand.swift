import GaslogCore
import NitroxCalculator

/// `gaslog table`: the classic printed nitrox MOD table.
enum TableCommand {
    static let spec = CommandSpec(
        "table", abstract: DepthTable.summary.commandLine, discussion: DepthTable.description?.commandLine,
        inputs: DepthTable.inputs,
        options: [CommonOptions.json],
        examples: ["gaslog table", "gaslog table --from 28 --to 36 --ppo2 1.2,1.4,1.6 --unit imperial --round down"],
        handler: run
    )

    static func run(_ context: CommandContext) throws(CommandError) {
        let outcome = try context.run(DepthTable.self)
        if context.wantsJSON { return context.output.write(outcome.encoded) }
        context.output.write(outcome.output.text(context.style))
    }
}
