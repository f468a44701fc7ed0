import GaslogCore
import Glibc

/// `gaslog backup`: a consistent copy of the logbook while others write to it.
enum BackupCommand {
    static let file = BackupLogbook.file
    static let force = BackupLogbook.force

    static let spec = CommandSpec(
        "backup", abstract: BackupLogbook.summary.commandLine, discussion: BackupLogbook.description?.commandLine,
        inputs: BackupLogbook.inputs,
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
