import LogbookStore
import NitroxCalculator

/// `gaslog log`: the fill history, newest first.
enum LogCommand {
    static let since = OptionSpec("since", value: "date",
        help: "Only fills at or after this date or time, local unless it carries Z or an offset (a date alone starts at 00:00 local time).")
    static let until = OptionSpec("until", value: "date",
        help: "Only fills up to this date (the whole local day) or time, inclusive.")

    static let spec = CommandSpec(
        "log",
        abstract: "Show the fill history, newest first, void fills marked.",
        arguments: [ArgumentSpec("cylinder", optional: true, completion: .cylinders, help: "Only this cylinder's fills.")],
        options: [
            since, until,
            OptionSpec("limit", value: "n", help: "At most this many fills (1 to 1,000,000)."),
            CommonOptions.unit,
            CommonOptions.json,
        ],
        examples: ["gaslog log \"Club 07\" --limit 10", "gaslog log --since 2026-01-01 --until 2026-12-31 --json"],
        handler: run
    )

    /// The filters that `log` and `export` share.
    static func query(_ context: CommandContext, cylinder: CylinderName?) throws(CommandError) -> FillQuery {
        let start = try context.parse("since", Timestamp.init(parsing:))
        let end = try context.parse("until", FillQuery.end(until:))
        if let start, let end, end <= start {
            throw .badValue("--since \(LocalTime.text(of: start)) is after --until; nothing could match")
        }
        return FillQuery(cylinder: cylinder, since: start, before: end)
    }

    static func run(_ invocation: Invocation, _ context: CommandContext) throws(CommandError) {
        let cylinder = try context.parseArgument(0, CylinderName.init(parsing:))
        var query = try query(context, cylinder: cylinder)
        query.limit = try context.parse("limit") { try WholeNumber.parse($0, in: 1...1_000_000, what: "limit") }
        let unit = try context.unit()
        let fills = try context.withLogbook { logbook throws(LogbookError) in try logbook.history(query) }
        if context.wantsJSON {
            context.emit(lines: fills.map(FillLogFormat.json))
            return
        }
        guard !fills.isEmpty else {
            context.output.writeLine("No fills match.")
            return
        }
        var table = TextTable(["ID", "FILLED", "CYLINDER", "GAS", "PPO2", "MOD", "PRESSURE", "BLENDER", "DIVER", "DIVER O2", "NOTE"])
        for fill in fills {
            var note = fill.note.map(singleLine) ?? ""
            if let reason = fill.voidReason {
                note = "VOID: \(singleLine(reason))" + (note.isEmpty ? "" : "; " + note)
            }
            table.append([
                String(fill.id), LocalTime.text(ofStored: fill.filledAt), fill.cylinder, fill.referenceMix.label, fill.partialPressure.text,
                "\(fill.mod(in: unit)) \(unit.depthSymbol)", fill.pressure?.displayText(in: unit) ?? "",
                fill.blender ?? "", fill.diver ?? "", fill.diverMix.map { $0.percentText + "%" } ?? "", note,
            ])
        }
        context.output.write(table.text(style: context.style))
    }
}
