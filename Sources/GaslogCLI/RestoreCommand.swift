import GaslogCore

/// `gaslog restore`: a backup in place of the logbook, the replaced one kept.
enum RestoreCommand {
    static let file = RestoreLogbook.file

    static let spec = CommandSpec(
        "restore",
        abstract: "Put a backup in place of the logbook, keeping the replaced logbook beside it.",
        discussion: """
            The backup is checked first, as 'gaslog check' checks a logbook: a file that cannot be read \
            exits 66, one that is not a sound gaslog logbook exits 65, and the logbook is left untouched. \
            The logbook it replaces is kept as NAME.before-restore-TIMESTAMP (UTC), with the logbook's mode and \
            0600. A restore that fails leaves the logbook as it was and no other file. restore takes the \
            logbook's write lock at once or not at all: while another program writes (a fill station, \
            gaslog serve), it exits 75 and changes nothing.
            """,
        arguments: [file],
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
