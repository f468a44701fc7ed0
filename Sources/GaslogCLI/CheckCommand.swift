import GaslogCore

/// `gaslog check`: is the logbook sound?
enum CheckCommand {
    static let spec = CommandSpec(
        "check",
        abstract: "Check the logbook: SQLite's integrity and foreign keys, the schema version, and the audit trail.",
        discussion: """
            Runs PRAGMA integrity_check, PRAGMA foreign_key_check, compares the schema version with this \
            gaslog's and every trigger and index with what its migrations make, recomputes every fill's stored MOD from its gas, and walks the audit trail as \
            'gaslog verify' does. Prints each check that passed; exits 0, or 74 naming the first problem.
            """,
        examples: ["gaslog check"],
        handler: run
    )

    static func run(_ context: CommandContext) throws(CommandError) {
        let check = try context.run(CheckLogbook()).check
        for line in check.passed { context.output.writeLine(line) }
        if let problem = check.problem {
            throw CommandError("check failed: \(problem)", status: .ioError)
        }
    }
}
