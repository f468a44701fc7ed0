import LogbookStore
import NitroxCalculator

/// `gaslog table`: the classic printed nitrox MOD table.
enum TableCommand {
    static let spec = CommandSpec(
        "table",
        abstract: "Print a nitrox MOD table: one row per O2 percentage, one column per ppO₂.",
        discussion: "Each cell is the MOD exactly as 'mod' computes it.",
        options: [
            OptionSpec("from", value: "gas", help: "First O2 percentage (default 21)."),
            OptionSpec("to", value: "gas", help: "Last O2 percentage (default 40)."),
            OptionSpec("step", value: "n", help: "O2 step in percentage points, 0.1 to 79 with at most one decimal (default 1)."),
            OptionSpec("ppo2", value: "list", help: "Comma-separated ppO₂ columns, each 1.0 to 1.6 (default 1.4,1.5,1.6)."),
            CommonOptions.round,
            CommonOptions.unit,
            CommonOptions.json,
        ],
        examples: ["gaslog table", "gaslog table --from 28 --to 36 --ppo2 1.2,1.4,1.6 --unit imperial --round down"],
        handler: run
    )

    static func run(_ invocation: Invocation, _ context: CommandContext) throws(CommandError) {
        let from = try context.parse("from", GasMix.init(parsing:)) ?? GasMix.air
        let to = try context.parse("to", GasMix.init(parsing:)) ?? GasMix(oxygenPermille: 400)!
        guard from <= to else {
            throw .badValue("--from \(from.percentText) is above --to \(to.percentText)")
        }
        let step = try context.parse("step") { text throws(FieldError) in
            guard let step = Rational.parseDecimal(Substring(text), maximumFractionDigits: 1),
                  step >= Rational(1, 10), step <= Rational(79)
            else { throw FieldError("invalid step \(quoted(text)): expected 0.1 to 79 percentage points with at most one decimal") }
            return (step * Rational(10)).numerator
        } ?? 10
        let limits = try context.parse("ppo2") { text throws(CalculatorInputError) in
            var limits: [OxygenPartialPressure] = []
            for item in text.split(separator: ",", omittingEmptySubsequences: false) {
                let limit = try OxygenPartialPressure(parsing: String(item))
                if !limits.contains(limit) { limits.append(limit) }
            }
            return limits
        } ?? [140, 150, 160].map { OxygenPartialPressure(centibar: $0)! }
        let rounding = try context.rounding()
        let unit = try context.unit()

        let mixes = stride(from: from.oxygenPermille, through: to.oxygenPermille, by: step).map { GasMix(oxygenPermille: $0)! }
        func depth(_ mix: GasMix, _ limit: OxygenPartialPressure) -> Int {
            MaximumOperatingDepth(mix: mix, partialPressure: limit, rounding: rounding).depth(in: unit)
        }
        if context.wantsJSON {
            return context.emit(lines: mixes.map { mix in
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
