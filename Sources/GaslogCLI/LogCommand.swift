import LogbookStore
import NitroxCalculator

/// `gaslog log`: the fill history, newest first.
enum LogCommand {
    /// The filters that `log` and `export` share, declared once.
    static let filterOptions = [
        OptionSpec("since", value: "date",
            help: "Only fills at or after this date or time, local unless it carries Z or an offset (a date alone starts at 00:00 local time)."),
        OptionSpec("until", value: "date", help: "Only fills up to this date (the whole local day) or time, inclusive."),
        OptionSpec("cylinder", value: "name", completion: .cylinders,
            help: "Only this cylinder's fills; a name it had before a rename finds them too. An unknown name exits 65."),
        OptionSpec("blender", value: "name", help: "Only fills by this blender (regardless of case)."),
        OptionSpec("diver", value: "name", help: "Only fills this diver analysed (regardless of case)."),
        OptionSpec("gas", value: "gas", help: "Only fills of this gas (the richer of the two readings): 32, EAN32, air."),
        OptionSpec("overridden", help: "Only fills recorded despite a fill-station check, with --override."),
    ]

    static let spec = CommandSpec(
        "log",
        abstract: "Show the fill history, newest first, void and overridden fills marked.",
        discussion: """
            Times are shown in local time with their offset. A note longer than the terminal is \
            cut with …; the export and --json keep the full text.
            """,
        arguments: [ArgumentSpec("cylinder", optional: true, completion: .cylinders, help: "Only this cylinder's fills (or --cylinder).")],
        options: filterOptions + [
            OptionSpec("limit", value: "n", help: "At most this many fills (1 to 1,000,000)."),
            CommonOptions.unit,
            CommonOptions.json,
        ],
        examples: ["gaslog log \"Club 07\" --limit 10", "gaslog log --since 2026-01-01 --until 2026-12-31 --json",
                   "gaslog log --blender Ann --gas 32 --overridden"],
        handler: run
    )

    /// The filters that `log` and `export` share, read from the command line.
    static func query(_ context: CommandContext, cylinder positional: CylinderName?) throws(CommandError) -> FillQuery {
        let named = try context.parse("cylinder", CylinderName.init(parsing:))
        if let positional, let named, positional.key != named.key {
            throw .badValue("give the cylinder once: \(quoted(positional.text)) and --cylinder \(quoted(named.text)) differ")
        }
        let start = try context.parse("since", Timestamp.init(parsing:))
        let end = try context.parse("until", FillQuery.end(until:))
        if let start, let end, end <= start {
            throw .badValue("--since \(LocalTime.text(of: start)) is after --until; nothing could match")
        }
        var query = FillQuery(cylinder: positional ?? named, since: start, before: end)
        query.blender = try context.parse("blender") { try FillText.name($0, field: "blender") }
        query.diver = try context.parse("diver") { try FillText.name($0, field: "diver") }
        query.gas = try context.parse("gas", GasMix.init(parsing:))
        query.overriddenOnly = context.invocation.flag("overridden")
        return query
    }

    static func run(_ invocation: Invocation, _ context: CommandContext) throws(CommandError) {
        var query = try query(context, cylinder: try context.parseArgument(0, CylinderName.init(parsing:)))
        query.limit = try context.parse("limit") { try WholeNumber.parse($0, in: 1...1_000_000, what: "limit") }
        let unit = try context.unit()
        let fills = try context.withLogbook { logbook throws(LogbookError) in try logbook.history(query) }
        if context.wantsJSON {
            context.emit(lines: fills.map { Report.fillJSON($0, unit: unit) })
            return
        }
        guard !fills.isEmpty else {
            context.output.writeLine("No fills match.")
            return
        }
        var table = TextTable(["ID", "FILLED", "CYLINDER", "GAS", "ppO₂", "MOD", "PRESSURE", "BLENDER", "DIVER", "CERT",
                               "DIVER O2", "MARK", "NOTE"])
        for fill in fills {
            let marks = [fill.isVoid ? "VOID" : nil, fill.overrideReason != nil ? "OVERRIDDEN" : nil].compactMap { $0 }
            let reasons = [fill.voidReason.map { "void: " + $0 }, fill.overrideReason.map { "override: " + $0 }, fill.note]
            table.append([
                String(fill.id), LocalTime.text(of: fill.filledAt), fill.cylinder, fill.referenceMix.label,
                fill.partialPressure.text, "\(fill.mod(in: unit)) \(unit.depthSymbol)", fill.pressure?.displayText(in: unit) ?? "",
                fill.blender ?? "", fill.diver ?? "", fill.cert ?? "", fill.diverMix.map { $0.percentText + "%" } ?? "",
                marks.joined(separator: " "), reasons.compactMap { $0.map(singleLine) }.joined(separator: "; "),
            ])
        }
        context.output.write(table.text(style: context.style, fitting: context.terminalColumns, omittingEmptyColumns: true))
    }
}
