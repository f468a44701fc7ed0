import GaslogCore

/// `gaslog check`: is the logbook sound?
enum CheckCommand {
    static let spec = CommandSpec(
        "check", abstract: CheckLogbook.summary.commandLine, discussion: CheckLogbook.description?.commandLine,
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
