import LogbookStore
import NitroxCalculator

/// The option every dive-planning command takes for the planned depth. It
/// is read in the unit, which is known only once the settings are.
private let depthOption = Option<String>(
    "depth", value: "depth",
    help: "Planned depth: 0 to 150 m or 0 to 500 ft (per --unit or the preference), at most one decimal."
) { $0 }.required()

/// "EAN 32 at 30 m — EAD 25 m", or `{"o2","label","depth",key,"unit"}`.
private func reportAtDepth(
    _ mix: GasMix, _ depth: Depth, key: String, name: String, value: JSONValue, shown: String,
    _ context: CommandContext
) {
    let unit = depth.unit
    if context.wantsJSON {
        return context.emit(
            .object([
                ("o2", .number(mix.percentText)), ("label", .string(mix.label)), ("depth", .number(depth.text)),
                (key, value), ("unit", .string(unit.rawValue)),
            ]))
    }
    let style = context.style
    context.output.writeLine(
        style.strong(mix.label) + style.light(" at ") + style.strong("\(depth.text) \(unit.depthSymbol)")
            + style.light(" — \(name) ") + style.depth(shown))
}

private func plannedDepth(_ context: CommandContext, unit: UnitSystem) throws(CommandError) -> Depth {
    try context.interpret(try context.value(depthOption), { try Depth(parsing: $0, unit: unit) }, option: depthOption.spec.name)
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

    static func run(_ context: CommandContext) throws(CommandError) {
        let limit = try context.value(CommonOptions.ppo2) ?? .standard
        let unit = try context.unit()
        let depth = try plannedDepth(context, unit: unit)
        let rounding = try context.rounding()
        guard let mix = DivePlanning.bestMix(for: depth, limit: limit) else {
            let air = MaximumOperatingDepth(mix: .air, partialPressure: limit, rounding: rounding).depth(in: unit)
            throw CommandError(
                "no nitrox reaches \(depth.text) \(unit.depthSymbol) at ppO₂ \(limit.text): even air's MOD is "
                    + "\(air) \(unit.depthSymbol); plan a shallower dive or a lower-oxygen gas", status: .dataError)
        }
        let mod = MaximumOperatingDepth(mix: mix, partialPressure: limit, rounding: rounding).depth(in: unit)
        if context.wantsJSON {
            return context.emit(
                .object([
                    ("o2", .number(mix.percentText)), ("label", .string(mix.label)), ("ppo2", .number(limit.text)),
                    ("depth", .number(depth.text)), ("mod", .integer(mod)), ("unit", .string(unit.rawValue)),
                ]))
        }
        let style = context.style
        context.output.writeLine(
            style.light("Best mix for ") + style.strong("\(depth.text) \(unit.depthSymbol)") + style.light(": ")
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
        options: [o2, depthOption, CommonOptions.unit, CommonOptions.json],
        examples: ["gaslog ead --o2 32 --depth 30"],
        handler: run
    )

    static let o2 = CommonOptions.o2.required()

    static func run(_ context: CommandContext) throws(CommandError) {
        let mix = try context.value(o2)
        let unit = try context.unit()
        let depth = try plannedDepth(context, unit: unit)
        let ead: Int
        do {
            ead = try DivePlanning.equivalentAirDepth(of: mix, at: depth)
        } catch {
            throw CommandError(
                "\(mix.label) is not breathable at \(depth.text) \(unit.depthSymbol): its ppO₂ there is over 1.6 "
                    + "(its MOD at 1.6 is \(error.deepestBreathable) \(unit.depthSymbol))", status: .dataError)
        }
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
        options: [EADCommand.o2, depthOption, CommonOptions.unit, CommonOptions.json],
        examples: ["gaslog ppo2 --o2 36 --depth 33"],
        handler: run
    )

    static func run(_ context: CommandContext) throws(CommandError) {
        let mix = try context.value(EADCommand.o2)
        let unit = try context.unit()
        let depth = try plannedDepth(context, unit: unit)
        let shown = DivePlanning.hundredthsRoundedUp(DivePlanning.partialPressure(of: mix, at: depth))
        switch DivePlanning.exposure(of: mix, at: depth) {
        case .notBreathable:
            context.warn("ppO₂ \(shown) — over 1.6: not breathable (\(mix.label) at \(depth.text) \(unit.depthSymbol))")
        case .aboveWorkingLimit:
            context.warn("ppO₂ \(shown) is above 1.4, the usual limit for the working part of a dive")
        case .withinWorkingLimit:
            break
        }
        reportAtDepth(mix, depth, key: "ppo2", name: "ppO₂", value: .number(shown), shown: shown, context)
    }
}
