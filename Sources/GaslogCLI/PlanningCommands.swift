import GaslogCore
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

/// The refusal of a depth where the mix's ppO₂ exceeds 1.6, as `ead` and `end` give it.
private func notBreathable(_ mix: GasMix, at depth: Depth) -> CommandError {
    let mod = DivePlanning.NotBreathable(mix: mix, depth: depth).deepestBreathable
    let maximum = OxygenPartialPressure.maximum.text
    return CommandError(
        "\(mix.label) is not breathable at \(depth.text) \(depth.unit.depthSymbol): its ppO₂ there is over \(maximum) "
            + "(its MOD at \(maximum) is \(mod) \(depth.unit.depthSymbol))", status: .dataError)
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
        options: [depthOption, maximumEND, CommonOptions.ppo2, CommonOptions.unit, CommonOptions.json],
        examples: [
            "gaslog best-mix --depth 30", "gaslog best-mix --depth 100 --ppo2 1.6 --unit imperial", "gaslog best-mix --depth 60 --end 30",
        ],
        handler: run
    )

    /// The narcotic limit that asks for a trimix, read in the unit like the depth.
    static let maximumEND = Option<String>(
        "end", value: "depth",
        help:
            "The deepest END allowed: with it, the answer is the best trimix, with just enough helium (whole percent, rounded up) that the END at --depth is at most this, by the o2-narcotic setting."
    ) { $0 }

    static func run(_ context: CommandContext) throws(CommandError) {
        let limit = try context.value(CommonOptions.ppo2) ?? .standard
        let unit = try context.unit()
        let depth = try plannedDepth(context, unit: unit)
        let rounding = try context.rounding()
        if let text = try context.value(maximumEND) {
            let end = try context.interpret(text, { try Depth(parsing: $0, unit: unit) }, option: maximumEND.spec.name)
            return try trimix(depth: depth, end: end, limit: limit, rounding: rounding, context)
        }
        guard let mix = DivePlanning.bestMix(for: depth, limit: limit) else {
            // The exact figure, rounded down: a rounded MOD could read as air reaching the depth asked for.
            let exact = MaximumOperatingDepth.exactDepth(mix: .air, partialPressure: limit, in: unit)
            let air = Rational((exact * Rational(10)).floor, 10).decimalString(maximumFractionDigits: 1)
            throw CommandError(
                "no nitrox reaches \(depth.text) \(unit.depthSymbol): even air reaches only \(air) \(unit.depthSymbol) "
                    + "at ppO₂ \(limit.text); plan a shallower dive or a lower-oxygen gas", status: .dataError)
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

    /// The best trimix for `depth` within `end`.
    private static func trimix(
        depth: Depth, end: Depth, limit: OxygenPartialPressure, rounding: DepthRounding, _ context: CommandContext
    ) throws(CommandError) {
        let settings = try context.settings()
        let unit = depth.unit
        guard
            let mix = HeliumPlanning.bestMix(
                for: depth, limit: limit, maximumEND: end.value, oxygenIsNarcotic: settings.oxygenIsNarcotic)
        else {
            throw CommandError(
                "no mix reaches \(depth.text) \(unit.depthSymbol) at ppO₂ \(limit.text) with an END of at most "
                    + "\(end.text) \(unit.depthSymbol); plan a shallower dive or allow a deeper END", status: .dataError)
        }
        let mod = MaximumOperatingDepth(mix: mix, partialPressure: limit, rounding: rounding).depth(in: unit)
        let narcotic = HeliumPlanning.equivalentNarcoticDepth(of: mix, at: depth, oxygenIsNarcotic: settings.oxygenIsNarcotic)
        let minimum = HeliumPlanning.minimumDepth(of: mix, minimum: settings.minimumPartialPressure, in: unit)
        if context.wantsJSON {
            return context.emit(
                .object([
                    ("o2", .number(mix.percentText)), ("he", .number(mix.heliumPercentText)), ("label", .string(mix.label)),
                    ("ppo2", .number(limit.text)), ("depth", .number(depth.text)), ("mod", .integer(mod)), ("end", .integer(narcotic)),
                    ("min_depth", minimum.map { .integer($0) } ?? .null), ("unit", .string(unit.rawValue)),
                ]))
        }
        let style = context.style
        let symbol = unit.depthSymbol
        let hypoxic = minimum.map { style.light("; hypoxic: minimum depth ") + style.strong("\($0) \(symbol)") } ?? ""
        context.output.writeLine(
            style.light("Best mix for ") + style.strong("\(depth.text) \(symbol)") + style.light(" with END ≤ \(end.text) \(symbol): ")
                + Report.depthLine(cylinder: nil, label: mix.label, depth: mod, unit: unit, limit: limit, style: style)
                + style.light(", END ") + style.strong("\(narcotic) \(symbol)") + hypoxic)
    }
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
        options: [o2, CommonOptions.he, depthOption, CommonOptions.unit, CommonOptions.json],
        examples: ["gaslog ead --o2 32 --depth 30"],
        handler: run
    )

    static let o2 = CommonOptions.o2.required()

    static func run(_ context: CommandContext) throws(CommandError) {
        let mix = try context.gas(o2, helium: CommonOptions.he)
        guard !mix.hasHelium else {
            throw .badValue(
                "ead is for nitrox, and \(mix.label) holds helium; its equivalent narcotic depth is: gaslog end --o2 \(mix.percentText)/\(mix.heliumPercentText) --depth DEPTH"
            )
        }
        let unit = try context.unit()
        let depth = try plannedDepth(context, unit: unit)
        let ead: Int
        do {
            ead = try DivePlanning.equivalentAirDepth(of: mix, at: depth)
        } catch {
            throw notBreathable(mix, at: depth)
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
            up. Above \(OxygenPartialPressure.standard.text) a warning goes to standard error; above \(OxygenPartialPressure.maximum.text) it says the mix is not \
            breathable. Either way the exit status is 0: this is information.
            """,
        options: [EADCommand.o2, CommonOptions.he, depthOption, CommonOptions.unit, CommonOptions.json],
        examples: ["gaslog ppo2 --o2 36 --depth 33", "gaslog ppo2 --o2 18/45 --depth 60"],
        handler: run
    )

    static func run(_ context: CommandContext) throws(CommandError) {
        let mix = try context.gas(EADCommand.o2, helium: CommonOptions.he)
        let unit = try context.unit()
        let depth = try plannedDepth(context, unit: unit)
        let shown = DivePlanning.hundredthsRoundedUp(DivePlanning.partialPressure(of: mix, at: depth))
        switch DivePlanning.exposure(of: mix, at: depth) {
        case .notBreathable:
            context.warn(
                "ppO₂ \(shown) — over \(OxygenPartialPressure.maximum.text): not breathable (\(mix.label) at \(depth.text) \(unit.depthSymbol))")
        case .aboveWorkingLimit:
            context.warn("ppO₂ \(shown) is above \(OxygenPartialPressure.standard.text), the usual limit for the working part of a dive")
        case .withinWorkingLimit:
            break
        }
        reportAtDepth(mix, depth, key: "ppo2", name: "ppO₂", value: .number(shown), shown: shown, context)
    }
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
        options: [EADCommand.o2, CommonOptions.he, depthOption, CommonOptions.unit, CommonOptions.json],
        examples: ["gaslog end --o2 18/45 --depth 60", "gaslog end --o2 21 --he 35 --depth 50 --json"],
        handler: run
    )

    static func run(_ context: CommandContext) throws(CommandError) {
        let mix = try context.gas(EADCommand.o2, helium: CommonOptions.he)
        let unit = try context.unit()
        let depth = try plannedDepth(context, unit: unit)
        guard DivePlanning.isBreathable(mix, at: depth) else { throw notBreathable(mix, at: depth) }
        let settings = try context.settings()
        let ppo2 = DivePlanning.partialPressure(of: mix, at: depth)
        if ppo2 < settings.minimumPartialPressure {
            context.warn(
                "\(mix.label) is hypoxic at \(depth.text) \(unit.depthSymbol): its ppO₂ there is "
                    + "\(DivePlanning.hundredthsRoundedUp(ppo2)), below ppo2-min \(settings.value(.ppo2Min))")
        }
        let facts = MixFacts(
            mix, at: depth, minimumPartialPressure: settings.minimumPartialPressure, oxygenIsNarcotic: settings.oxygenIsNarcotic)
        if let warning = facts.densityWarning { context.warn(warning) }
        let end = facts.equivalentNarcoticDepth
        let density = facts.densityText
        if context.wantsJSON {
            return context.emit(
                .object([
                    ("label", .string(mix.label)), ("o2", .number(mix.percentText)), ("he", .number(mix.heliumPercentText)),
                    ("depth", .number(depth.text)), ("end", .integer(end)), ("density", .number(density)), ("unit", .string(unit.rawValue)),
                ]))
        }
        let style = context.style
        context.output.writeLine(
            style.strong(mix.label) + style.light(" at ") + style.strong("\(depth.text) \(unit.depthSymbol)") + style.light(" — END ")
                + style.depth("\(end) \(unit.depthSymbol)") + style.light(", density ") + style.strong("\(density) g/L"))
    }
}
