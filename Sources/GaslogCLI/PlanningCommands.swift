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
        "best-mix",
        abstract: "The richest nitrox whose MOD reaches a planned depth.",
        discussion: """
            fO₂ = ppO₂ / (depth / 10 + 1) in metres (33 in feet), rounded down to a whole \
            percent and capped at 100. When even air is too rich for the depth, it says so and \
            exits 65.
            """,
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
        "ead",
        abstract: "Equivalent air depth of a mix at a depth, for reading air tables.",
        discussion: """
            EAD = (depth + 10) × (1 − fO₂) / 0.79 − 10 in metres (33 in feet), rounded up (deeper \
            is conservative) and never below 0. A depth where the mix's ppO₂ would exceed \(OxygenPartialPressure.maximum.text) is \
            refused with exit 65: the mix is not breathable there.
            """,
        inputs: EquivalentAirDepth.inputs,
        options: [CommonOptions.json],
        examples: ["gaslog ead --o2 32 --depth 30"],
        handler: { context throws(CommandError) in try answer(EquivalentAirDepth.self, context) }
    )
}

/// `gaslog ppo2`: the ppO₂ of a mix at a depth.
enum PartialPressureCommand {
    static let spec = CommandSpec(
        "ppo2",
        abstract: "The ppO₂ a mix gives at a depth.",
        discussion: """
            ppO₂ = fO₂ × (depth / 10 + 1) in metres (33 in feet), shown with two decimals rounded \
            up. Above \(OxygenPartialPressure.standard.text) a warning goes to standard error; above \(OxygenPartialPressure.maximum.text) it says the mix is not \
            breathable; below ppo2-min, that it is hypoxic there. Either way the exit status is 0: this is information.
            """,
        inputs: PartialPressureAtDepth.inputs,
        options: [CommonOptions.json],
        examples: ["gaslog ppo2 --o2 36 --depth 33", "gaslog ppo2 --o2 18/45 --depth 60"],
        handler: { context throws(CommandError) in try answer(PartialPressureAtDepth.self, context) }
    )
}

/// `gaslog end`: equivalent narcotic depth and gas density.
enum EndCommand {
    static let spec = CommandSpec(
        "end",
        abstract: "Equivalent narcotic depth and gas density of a mix at a depth.",
        discussion: """
            With the o2-narcotic setting yes (the default), END = (depth + 10) × (1 − fHe) − 10; \
            with no, only nitrogen counts: END = (depth + 10) × fN₂ / 0.79 − 10, in metres (33 in \
            feet), rounded up and never below 0. The density is (1.429·fO₂ + 1.251·fN₂ + \
            0.1786·fHe) × (depth / 10 + 1) g/L, with the gases' densities at 0 °C, shown with one \
            decimal rounded up; above 5.2 g/L, the recommended limit, and above 6.2 g/L, the \
            maximum, a warning goes to standard error. A depth where the mix's ppO₂ would exceed \
            \(OxygenPartialPressure.maximum.text) is refused with exit 65; one where it is below ppo2-min gets a warning that the mix \
            is hypoxic there.
            """,
        inputs: EquivalentNarcoticDepth.inputs,
        options: [CommonOptions.json],
        examples: ["gaslog end --o2 18/45 --depth 60", "gaslog end --o2 21 --he 35 --depth 50 --json"],
        handler: { context throws(CommandError) in try answer(EquivalentNarcoticDepth.self, context) }
    )
}
