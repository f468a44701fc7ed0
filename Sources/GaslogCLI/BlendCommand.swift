import GaslogCore
import NitroxCalculator

/// `gaslog blend`: a partial-pressure blend plan for a logged cylinder.
enum BlendCommand {
    static let spec = CommandSpec(
        "blend",
        abstract: "Plan a partial-pressure blend with pure oxygen and a top-off gas, from what a logged cylinder holds.",
        discussion: """
            The start is the cylinder's current gas from the log at --from (default: its last \
            fill's pressure); --from-gas overrides the gas, and an empty cylinder is --from 0. \
            The plan adds oxygen and tops off, bleeding down first when the cylinder holds too much \
            oxygen or too much gas. The arithmetic is ideal-gas, as printed blending tables are. \
            Gauge readings are rounded to 1 bar or 10 psi and oxygen always to the lean side, so the \
            plan followed literally never exceeds the target; the final mix shown is what its \
            rounded numbers give. The default top-off is air at 21% O2, the divers' convention: \
            real air's 20.9% only makes the real mix leaner than predicted.
            Because pure oxygen passes through the valve, a cylinder the register marks as not \
            oxygen-clean is refused (exit 65), as is a target above its working pressure plus the \
            allowed margin; --override REASON plans anyway.
            """,
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
