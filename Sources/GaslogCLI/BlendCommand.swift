import GaslogCore
import NitroxCalculator

/// `gaslog blend`: a partial-pressure blend plan for a logged cylinder.
enum BlendCommand {
    static let spec = CommandSpec(
        "blend", abstract: PlanBlend.summary.commandLine, discussion: PlanBlend.description?.commandLine,
        inputs: PlanBlend.inputs,
        options: [CommonOptions.json],
        examples: ["gaslog blend \"Club 07\" --target 36 --to 200 --from 50", "gaslog blend \"Club 07\" --target EAN32 --to 3000psi --from 0"],
        handler: run
    )

    static func run(_ context: CommandContext) throws(CommandError) {
        let outcome = try context.run(PlanBlend.self)
        if context.wantsJSON { return context.output.write(outcome.encoded) }
        context.output.write(outcome.output.text(context.style))
    }
}
