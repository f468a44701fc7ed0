import LogbookStore
import NitroxCalculator

/// `gaslog void`: corrects the log without deleting anything.
enum VoidCommand {
    static let spec = CommandSpec(
        "void",
        abstract: "Mark a fill void, with a reason. Nothing is deleted.",
        discussion: """
            A void fill no longer counts as its cylinder's current gas, but stays in 'log' \
            (marked) and in exports, with its reason. A fill is voided once.
            """,
        arguments: [ArgumentSpec("fill-id", help: "The fill's id, as 'log' shows it.")],
        options: [
            OptionSpec("reason", value: "text", required: true, help: "Why the fill is void."),
            CommonOptions.json,
        ],
        examples: ["gaslog void 17 --reason \"analyser not calibrated\""],
        handler: run
    )

    static func run(_ invocation: Invocation, _ context: CommandContext) throws(CommandError) {
        let id = try context.parseArgument(0, parseFillID)!
        let reason = try context.parse("reason") { try FillText.note($0, field: "reason") }!
        let fill = try context.withLogbook { logbook throws(LogbookError) in try logbook.voidFill(id: id, reason: reason) }
        if context.wantsJSON {
            context.emit(FillLogFormat.json(fill))
        } else {
            context.output.writeLine("Fill \(fill.id) (\(fill.cylinder), \(fill.label), \(LocalTime.text(of: fill.filledAt))) is void: \(singleLine(reason))")
        }
    }
}
