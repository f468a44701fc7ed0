import GaslogCLI
import LogbookStore

/// Runs a `gaslog` command line in the server's process, as the API does,
/// but keeps the command's own error, so that a page can place a refused
/// fill's rules next to the fields they concern. Used where the CLI already
/// produces exactly what a page needs: the export's bytes, a calculator's
/// answer, a fill parsed and checked exactly as `gaslog fill` checks it.
enum WebCommand {
    /// What the command printed, or its error.
    static func run(_ arguments: [String], actor: String?, logbook: Logbook, clock: @escaping @Sendable () -> Timestamp) throws(CommandError)
        -> [UInt8]
    {
        let output = OutputWriter.inMemory()
        let invocation = try CommandLineParser.parse(arguments)
        let context = CommandContext(
            invocation: invocation, environment: [:], output: output, errors: .inMemory(), standardInput: -1, clock: clock, logbook: logbook,
            actor: actor)
        try Gaslog.execute(invocation, context: context)
        return output.captured
    }
}
