import GaslogCore
import Glibc

/// `gaslog backup`: a consistent copy of the logbook while others write to it.
enum BackupCommand {
    static let file = BackupLogbook.file
    static let force = BackupLogbook.force

    static let spec = CommandSpec(
        "backup",
        abstract: "Write a consistent copy of the logbook, while fill stations and the service keep writing.",
        discussion: """
            The copy is made with SQLite's online backup API into a temporary file beside FILE, which is \
            checked as 'gaslog check' checks a logbook and renamed to FILE only when complete, so FILE is \
            never half written. It is one file, without a write-ahead log, with the logbook's mode and 0600: \
            it holds the accounts' password hashes. A backup that fails leaves no file behind. An existing FILE \
            is replaced only with --force; without it, when FILE cannot be created, or when the disk is full, \
            backup exits 73.
            """,
        arguments: [file],
        options: [force],
        examples: ["gaslog backup /var/backups/gaslog-$(date +%F).sqlite", "gaslog backup latest.sqlite --force"],
        handler: run
    )

    static func run(_ context: CommandContext) throws(CommandError) {
        let path = try context.value(file)
        let replacing = context.isSet(force)
        if !replacing, access(path, F_OK) == 0 {
            throw CommandError("\(path) already exists; give --force to replace it", status: .cannotCreate)
        }
        let backup = try context.run(BackupLogbook(path: path, replacing: replacing))
        context.output.writeLine("Backed up \(backup.logbook) to \(path). Checked the copy:")
        for line in backup.check.passed { context.output.writeLine("  " + line) }
    }
}
