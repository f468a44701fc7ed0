import GaslogCore
import LogbookStore
import NitroxCalculator

/// `gaslog log`: the fill history, newest first.
enum LogCommand {
    static let since = Option<Timestamp>(
        "since", value: "date",
        help:
            "Only fills at or after this date or time, local unless it carries Z or an offset (a date alone starts at the first moment of that local day).",
        read: Timestamp.parse)
    static let until = Option<Timestamp>(
        "until", value: "date",
        help: "Only fills up to this date (the whole local day) or time, inclusive.", read: FillQuery.end(until:))
    static let cylinder = Option<CylinderName>(
        "cylinder",
        help: "Only this cylinder's fills; a name it had before a rename finds them too. An unknown name exits 65.")
    static let blender = CommonOptions.name("blender", help: "Only fills by this blender (regardless of case).")
    static let diver = CommonOptions.name("diver", help: "Only fills this diver analysed (regardless of case).")
    static let gas = Option<GasMix>("gas", help: "Only fills of this gas (the richer of the two readings): 32, EAN32, air.")
    static let overridden = Flag("overridden", help: "Only fills recorded despite a fill-station check, with --override.")
    static let limit = Option<Int>(
        "limit", value: "n", schema: .integer(minimum: 1, maximum: 1_000_000), help: "At most this many fills (1 to 1,000,000)."
    ) {
        try WholeNumber.parse($0, in: 1...1_000_000, what: "limit")
    }
    static let positionalCylinder = Argument<CylinderName>("cylinder", help: "Only this cylinder's fills (or --cylinder).").optional()

    /// The filters that `log` and `export` share, declared once.
    static let filterOptions: [any OptionDeclaration] = [since, until, cylinder, blender, diver, gas, overridden]

    static let spec = CommandSpec(
        "log",
        abstract: "Show the fill history, newest first, void and overridden fills marked.",
        discussion: """
            Times are shown in local time with their offset. A note longer than the terminal is \
            cut with …; the export and --json keep the full text.
            """,
        arguments: [positionalCylinder],
        options: filterOptions + [
            limit,
            CommonOptions.unit,
            CommonOptions.json,
        ],
        examples: [
            "gaslog log \"Club 07\" --limit 10", "gaslog log --since 2026-01-01 --until 2026-12-31 --json",
            "gaslog log --blender Ann --gas 32 --overridden",
        ],
        handler: run
    )

    /// The filters that `log` and `export` share, read from the command line.
    static func query(_ context: CommandContext, cylinder positional: CylinderName?) throws(CommandError) -> FillQuery {
        let named = try context.value(cylinder)
        if let positional, let named, positional.key != named.key {
            throw .badValue("give the cylinder once: \(quoted(positional.text)) and --cylinder \(quoted(named.text)) differ")
        }
        var query = FillQuery(cylinder: positional ?? named, since: try context.value(since), before: try context.value(until))
        query.blender = try context.value(blender)
        query.diver = try context.value(diver)
        query.gas = try context.value(gas)
        query.overriddenOnly = context.isSet(overridden)
        return query
    }

    static func run(_ context: CommandContext) throws(CommandError) {
        var query = try query(context, cylinder: try context.value(positionalCylinder))
        query.limit = try context.value(limit)
        let unit = try context.unit()
        let (resolution, fills) = try context.withLogbook { logbook throws(LogbookError) in
            (try logbook.openForReading(query), try logbook.history(query))
        }
        context.warn(resolution?.earlierName)
        if context.wantsJSON {
            context.emit(lines: fills.map { ResultJSON.fill($0, unit: unit) })
            return
        }
        guard !fills.isEmpty else {
            context.output.writeLine("No fills match.")
            return
        }
        var table = TextTable([
            "ID", "FILLED", "CYLINDER", "GAS", "ppO₂", "MOD", "PRESSURE", "BLENDER", "DIVER", "CERT",
            "DIVER O2", "MARK", "NOTE",
        ])
        // The human log shows depths, so each stored MOD is checked first; --json is the record, as stored.
        let shownGases = try context.checked { () throws(LogbookError) in try fills.map { fill throws(LogbookError) in try fill.shownGas() } }
        for (fill, shown) in zip(fills, shownGases) {
            let tagDeeper = shown.tagDeeperNote(in: unit)
            let marks = [fill.isVoid ? "VOID" : nil, fill.overrideReason != nil ? "OVERRIDDEN" : nil, tagDeeper != nil ? "RE-TAG" : nil]
                .compactMap { $0 }
            let reasons = [tagDeeper, fill.voidReason.map { "void: " + $0 }, fill.overrideReason.map { "override: " + $0 }, fill.note]
            table.append([
                String(fill.id), LocalTime.text(of: fill.filledAt), fill.cylinder, shown.label,
                fill.partialPressure.text, "\(shown.depth(in: unit)) \(unit.depthSymbol)", fill.pressure?.displayText(in: unit) ?? "",
                fill.blender ?? "", fill.diver ?? "", fill.cert ?? "", fill.diverMix.map { $0.percentText + "%" } ?? "",
                marks.joined(separator: " "), reasons.compactMap { $0.map(singleLine) }.joined(separator: "; "),
            ])
        }
        context.output.write(table.text(style: context.style, fitting: context.terminalColumns, omittingEmptyColumns: true))
    }
}
