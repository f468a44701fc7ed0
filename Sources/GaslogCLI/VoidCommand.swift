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
        arguments: [TagCommand.fillID],
        options: [
            reason,
            CommonOptions.json,
        ],
        examples: ["gaslog void 17 --reason \"analyser not calibrated\""],
        handler: run
    )

    static let reason = CommonOptions.note("reason", help: "Why the fill is void.").required()

    static func run(_ context: CommandContext) throws(CommandError) {
        let id = try context.value(TagCommand.fillID)
        let reason = try context.value(Self.reason)
        let fill = try context.withLogbook { logbook throws(LogbookError) in try logbook.voidFill(id: id, reason: reason, voidedBy: context.actor) }
        if context.wantsJSON {
            context.emit(FillLogFormat.json(fill))
        } else {
            context.output.writeLine(
                "Fill \(fill.id) (\(fill.cylinder), \(fill.label), \(LocalTime.text(of: fill.filledAt))) is void: \(singleLine(reason))")
        }
    }
}
