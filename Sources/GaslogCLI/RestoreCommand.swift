import GaslogCore

/// `gaslog restore`: a backup in place of the logbook, the replaced one kept.
enum RestoreCommand {
    static let file = RestoreLogbook.file

    static let spec = CommandSpec(
        "restore", abstract: RestoreLogbook.summary.commandLine, discussion: RestoreLogbook.description?.commandLine,
        inputs: RestoreLogbook.inputs,
        examples: ["gaslog restore /var/backups/gaslog-2026-11-30.sqlite"],
        handler: run
    )

    static func run(_ context: CommandContext) throws(CommandError) {
        let path = try context.value(file)
        let restored = try context.run(RestoreLogbook(path: path))
        context.output.writeLine("Restored \(path) to \(restored.logbook).")
        if let kept = restored.kept { context.output.writeLine("The logbook it replaced is kept as \(kept).") }
    }
}
