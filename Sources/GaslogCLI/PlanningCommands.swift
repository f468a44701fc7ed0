import GaslogCore
import NitroxCalculator

/// Runs a calculator's use case: its JSON, or its text.
private func answer<Case: UseCase>(_ useCase: Case.Type, _ context: CommandContext) throws(CommandError) where Case.Output: TextResult {
    let outcome = try context.run(useCase)
    if context.wantsJSON { return context.output.write(outcome.encoded) }
    context.output.write(outcome.output.text(context.style))
}

/// `gaslog best-mix`: the richest nitrox for a planned depth.
enum BestMixCommand {
    static let spec = CommandSpec(
        "best-mix", abstract: BestMix.summary.commandLine, discussion: BestMix.description?.commandLine,
        inputs: BestMix.inputs,
        options: [CommonOptions.json],
        examples: [
            "gaslog best-mix --depth 30", "gaslog best-mix --depth 100 --ppo2 1.6 --unit imperial", "gaslog best-mix --depth 60 --end 30",
        ],
        handler: { context throws(CommandError) in try answer(BestMix.self, context) }
    )
}

/// `gaslog ead`: equivalent air depth.
enum EADCommand {
    static let spec = CommandSpec(
        "ead", abstract: EquivalentAirDepth.summary.commandLine, discussion: EquivalentAirDepth.description?.commandLine,
        inputs: EquivalentAirDepth.inputs,
        options: [CommonOptions.json],
        examples: ["gaslog ead --o2 32 --depth 30"],
        handler: { context throws(CommandError) in try answer(EquivalentAirDepth.self, context) }
    )
}

/// `gaslog ppo2`: the ppO₂ of a mix at a depth.
enum PartialPressureCommand {
    static let spec = CommandSpec(
        "ppo2", abstract: PartialPressureAtDepth.summary.commandLine, discussion: PartialPressureAtDepth.description?.commandLine,
        inputs: PartialPressureAtDepth.inputs,
        options: [CommonOptions.json],
        examples: ["gaslog ppo2 --o2 36 --depth 33", "gaslog ppo2 --o2 18/45 --depth 60"],
        handler: { context throws(CommandError) in try answer(PartialPressureAtDepth.self, context) }
    )
}

/// `gaslog end`: equivalent narcotic depth and gas density.
enum EndCommand {
    static let spec = CommandSpec(
        "end", abstract: EquivalentNarcoticDepth.summary.commandLine, discussion: EquivalentNarcoticDepth.description?.commandLine,
        inputs: EquivalentNarcoticDepth.inputs,
        options: [CommonOptions.json],
        examples: ["gaslog end --o2 18/45 --depth 60", "gaslog end --o2 21 --he 35 --depth 50 --json"],
        handler: { context throws(CommandError) in try answer(EquivalentNarcoticDepth.self, context) }
    )
}
