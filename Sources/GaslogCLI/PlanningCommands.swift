import LogbookStore
import NitroxCalculator

/// The option every dive-planning command takes for the planned depth.
private let depthOption = OptionSpec("depth", value: "depth", required: true,
    help: "Planned depth: 0 to 150 m or 0 to 500 ft (per --unit or the preference), at most one decimal.")

/// "EAN 32 at 30 m — EAD 25 m", or `{"o2","label","depth",key,"unit"}`.
private func reportAtDepth(_ mix: GasMix, _ depth: Depth, key: String, name: String, value: JSONValue, shown: String,
                           _ context: CommandContext) {
    let unit = depth.unit
    if context.wantsJSON {
        return context.emit(.object([
            ("o2", .number(mix.percentText)), ("label", .string(mix.label)), ("depth", .number(depth.text)),
            (key, value), ("unit", .string(unit.rawValue)),
        ]))
    }
    let style = context.style
    context.output.writeLine(style.strong(mix.label) + style.light(" at ") + style.strong("\(depth.text) \(unit.depthSymbol)")
        + style.light(" — \(name) ") + style.depth(shown))
}

private func plannedDepth(_ context: CommandContext, unit: UnitSystem) throws(CommandError) -> Depth {
    try context.parse("depth") { try Depth(parsing: $0, unit: unit) }!
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
        options: [depthOption, CommonOptions.ppo2, CommonOptions.unit, CommonOptions.json],
        examples: ["gaslog best-mix --depth 30", "gaslog best-mix --depth 100 --ppo2 1.6 --unit imperial"],
        handler: run
    )

    static func run(_ invocation: Invocation, _ context: CommandContext) throws(CommandError) {
        let limit = try context.parse("ppo2", OxygenPartialPressure.init(parsing:)) ?? .standard
        let unit = try context.unit()
        let depth = try plannedDepth(context, unit: unit)
        let rounding = try context.rounding()
        guard let mix = DivePlanning.bestMix(for: depth, limit: limit) else {
            let air = MaximumOperatingDepth(mix: .air, partialPressure: limit, rounding: rounding).depth(in: unit)
            throw CommandError("no nitrox reaches \(depth.text) \(unit.depthSymbol) at ppO₂ \(limit.text): even air's MOD is "
                + "\(air) \(unit.depthSymbol); plan a shallower dive or a lower-oxygen gas", status: .dataError)
        }
        let mod = MaximumOperatingDepth(mix: mix, partialPressure: limit, rounding: rounding).depth(in: unit)
        if context.wantsJSON {
            return context.emit(.object([
                ("o2", .number(mix.percentText)), ("label", .string(mix.label)), ("ppo2", .number(limit.text)),
                ("depth", .number(depth.text)), ("mod", .integer(mod)), ("unit", .string(unit.rawValue)),
            ]))
        }
        let style = context.style
        context.output.writeLine(style.light("Best mix for ") + style.strong("\(depth.text) \(unit.depthSymbol)") + style.light(": ")
            + Report.depthLine(cylinder: nil, label: mix.label, depth: mod, unit: unit, limit: limit, style: style))
    }
}

/// `gaslog ead`: equivalent air depth.
enum EADCommand {
    static let spec = CommandSpec(
        "ead",
        abstract: "Equivalent air depth of a mix at a depth, for reading air tables.",
        discussion: """
            EAD = (depth + 10) × (1 − fO₂) / 0.79 − 10 in metres (33 in feet), rounded up (deeper \
            is conservative) and never below 0. A depth where the mix's ppO₂ would exceed 1.6 is \
            refused with exit 65: the mix is not breathable there.
            """,
        options: [CommonOptions.o2.required(), depthOption, CommonOptions.unit, CommonOptions.json],
        examples: ["gaslog ead --o2 32 --depth 30"],
        handler: run
    )

    static func run(_ invocation: Invocation, _ context: CommandContext) throws(CommandError) {
        let mix = try context.parse("o2", GasMix.init(parsing:))!
        let unit = try context.unit()
        let depth = try plannedDepth(context, unit: unit)
        guard DivePlanning.isBreathable(mix, at: depth) else {
            let mod = MaximumOperatingDepth(mix: mix, partialPressure: .maximum, rounding: .down).depth(in: unit)
            throw CommandError("\(mix.label) is not breathable at \(depth.text) \(unit.depthSymbol): its ppO₂ there is over 1.6 "
                + "(its MOD at 1.6 is \(mod) \(unit.depthSymbol))", status: .dataError)
        }
        let ead = DivePlanning.equivalentAirDepth(of: mix, at: depth)
        reportAtDepth(mix, depth, key: "ead", name: "EAD", value: .integer(ead), shown: "\(ead) \(unit.depthSymbol)", context)
    }
}

/// `gaslog ppo2`: the ppO₂ of a mix at a depth.
enum PartialPressureCommand {
    static let spec = CommandSpec(
        "ppo2",
        abstract: "The ppO₂ a mix gives at a depth.",
        discussion: """
            ppO₂ = fO₂ × (depth / 10 + 1) in metres (33 in feet), shown with two decimals rounded \
            up. Above 1.4 a warning goes to standard error; above 1.6 it says the mix is not \
            breathable. Either way the exit status is 0: this is information.
            """,
        options: [CommonOptions.o2.required(), depthOption, CommonOptions.unit, CommonOptions.json],
        examples: ["gaslog ppo2 --o2 36 --depth 33"],
        handler: run
    )

    static func run(_ invocation: Invocation, _ context: CommandContext) throws(CommandError) {
        let mix = try context.parse("o2", GasMix.init(parsing:))!
        let unit = try context.unit()
        let depth = try plannedDepth(context, unit: unit)
        let exact = DivePlanning.partialPressure(of: mix, at: depth)
        let shown = DivePlanning.hundredthsRoundedUp(exact)
        if exact > OxygenPartialPressure.maximum.bar {
            context.warn("ppO₂ \(shown) — over 1.6: not breathable (\(mix.label) at \(depth.text) \(unit.depthSymbol))")
        } else if exact > OxygenPartialPressure.standard.bar {
            context.warn("ppO₂ \(shown) is above 1.4, the usual limit for the working part of a dive")
        }
        reportAtDepth(mix, depth, key: "ppo2", name: "ppO₂", value: .number(shown), shown: shown, context)
    }
}
