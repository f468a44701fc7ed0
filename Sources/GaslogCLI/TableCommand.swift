import GaslogCore
import NitroxCalculator

/// `gaslog table`: the classic printed nitrox MOD table.
enum TableCommand {
    static let spec = CommandSpec(
        "table",
        abstract: "Print a nitrox MOD table: one row per O2 percentage, one column per ppO₂.",
        discussion: "Each cell is the MOD exactly as 'mod' computes it.",
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
