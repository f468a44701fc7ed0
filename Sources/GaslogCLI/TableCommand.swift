import GaslogCore
import LogbookStore
import NitroxCalculator

/// `gaslog table`: the classic printed nitrox MOD table.
enum TableCommand {
    static let spec = CommandSpec(
        "table",
        abstract: "Print a nitrox MOD table: one row per O2 percentage, one column per ppO₂.",
        discussion: "Each cell is the MOD exactly as 'mod' computes it.",
        options: [
            from, to, step, limits,
            CommonOptions.round,
            CommonOptions.unit,
            CommonOptions.json,
        ],
        examples: ["gaslog table", "gaslog table --from 28 --to 36 --ppo2 1.2,1.4,1.6 --unit imperial --round down"],
        handler: run
    )

    static let from = Option<GasMix>("from", value: "gas", completion: .gases, help: "First O2 percentage (default 21).", read: nitrox)
    static let to = Option<GasMix>("to", value: "gas", completion: .gases, help: "Last O2 percentage (default 40).", read: nitrox)

    /// The table stays a nitrox table: its rows are O2 percentages.
    private static func nitrox(_ text: String) throws -> GasMix {
        let mix = try GasMix(parsing: text)
        guard !mix.hasHelium else { throw FieldError("table is a nitrox table: give an O2 percentage, without helium") }
        return mix
    }
    static let step = Option<Int>(
        "step", value: "n",
        help: "O2 step in percentage points, 0.1 to 79 with at most one decimal (default 1)."
    ) { text throws(FieldError) in
        guard let step = Rational.parseDecimal(Substring(text), maximumFractionDigits: 1),
            step >= Rational(1, 10), step <= Rational(79)
        else { throw FieldError("invalid step \(quoted(text)): expected 0.1 to 79 percentage points with at most one decimal") }
        return (step * Rational(10)).numerator
    }
    static let limits = Option<[OxygenPartialPressure]>(
        "ppo2", value: "list",
        help: "Comma-separated ppO₂ columns, each \(OxygenPartialPressure.rangeText) (default \(defaultLimits.map(\.text).joined(separator: ",")))."
    ) { text throws(CalculatorInputError) in
        var limits: [OxygenPartialPressure] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let limit = try OxygenPartialPressure(parsing: String(item))
            if !limits.contains(limit) { limits.append(limit) }
        }
        return limits
    }

    /// The rows and columns of the classic printed table: 21% to 40%, at
    /// ppO₂ 1.4 (the standard limit), 1.5 and 1.6 (the maximum). All are
    /// within range, so none is dropped.
    private static let defaultLast = GasMix(oxygenPermille: 400) ?? .oxygen
    private static let defaultLimits = [OxygenPartialPressure.standard.centibar, 150, OxygenPartialPressure.maximum.centibar]
        .compactMap(OxygenPartialPressure.init(centibar:))

    static func run(_ context: CommandContext) throws(CommandError) {
        let from = try context.value(Self.from) ?? GasMix.air
        let to = try context.value(Self.to) ?? defaultLast
        guard from <= to else {
            throw .badValue("--from \(from.percentText) is above --to \(to.percentText)")
        }
        let step = try context.value(Self.step) ?? 10
        let limits = try context.value(Self.limits) ?? defaultLimits
        let rounding = try context.rounding()
        let unit = try context.unit()

        // Every step from 21% up stays within 21% to 100%.
        let mixes = stride(from: from.oxygenPermille, through: to.oxygenPermille, by: step).compactMap { GasMix(oxygenPermille: $0) }
        func depth(_ mix: GasMix, _ limit: OxygenPartialPressure) -> Int {
            MaximumOperatingDepth(mix: mix, partialPressure: limit, rounding: rounding).depth(in: unit)
        }
        if context.wantsJSON {
            return context.emit(
                lines: mixes.map { mix in
                    .object([
                        ("o2", .number(mix.percentText)),
                        ("label", .string(mix.label)),
                        ("mod", .object(limits.map { ($0.text, .integer(depth(mix, $0))) })),
                        ("unit", .string(unit.rawValue)),
                    ])
                })
        }
        context.output.writeLine("MOD in \(unit == .metric ? "metres" : "feet"), rounded \(rounding.rawValue)")
        var table = TextTable(["GAS", "O2 %"] + limits.map { "ppO₂ \($0.text)" })
        for mix in mixes {
            table.append([mix.label, mix.percentText] + limits.map { "\(depth(mix, $0))" })
        }
        context.output.write(table.text(style: context.style))
    }
}
