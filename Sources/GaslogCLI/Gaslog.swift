import GaslogCore
import Glibc
import NitroxCalculator

/// Runs one `gaslog` command line to completion.
///
/// Everything a command writes goes to the writers it is given; the entry
/// point supplies the real streams and turns the result into the exit status.
public enum Gaslog {
    /// `clock` is where "now" and "today" come from: the system clock, or a
    /// fixed one in tests.
    public static func run(
        arguments: [String], environment: [String: String],
        output: OutputWriter, errors: OutputWriter, standardInput: Int32 = 0,
        clock: @escaping @Sendable () -> Timestamp = OpenLogbook.systemClock
    ) -> ExitStatus {
        defer {
            output.flush()
            errors.flush()
        }
        var commandPath: [String] = []
        // Before the parser has read `--json`, a usage error finds it in the words typed.
        var wantsJSON = arguments.prefix { $0 != "--" }.contains("--" + CommonOptions.json.spec.name)
        do throws(CommandError) {
            let invocation = try CommandLineParser.parse(arguments)
            commandPath = invocation.commandPath
            wantsJSON = invocation.flags.contains(CommonOptions.json.spec.name)
            try execute(
                invocation,
                context: CommandContext(
                    invocation: invocation, environment: environment,
                    output: output, errors: errors, standardInput: standardInput, clock: clock))
            return .success
        } catch {
            if wantsJSON {
                errors.writeLine(error.json.text)
            } else {
                report(error, commandPath: error.usageCommandPath ?? commandPath, to: errors)
            }
            return error.status
        }
    }

    /// Runs a parsed command in `context`, or prints its help or the version.
    /// A service calls this with its own context and reads the error's reason.
    public static func execute(_ invocation: Invocation, context: CommandContext) throws(CommandError) {
        let output = context.output
        if invocation.wantsVersion {
            output.writeLine("gaslog \(CommandTree.version)")
            return
        }
        let command = CommandTree.command(at: invocation.commandPath)
        guard !invocation.wantsHelp, let handler = command.handler else {
            output.write(HelpFormatter.help(for: invocation.commandPath))
            return
        }
        try handler(context)
        output.flush()
        // EPIPE means the reader stopped early, which is no error.
        if let failure = output.failure, failure != EPIPE {
            throw CommandError("cannot write the output (errno \(failure))", status: .ioError)
        }
    }

    /// One `error:` line. Bad command-line input is followed by where to find
    /// help, and a malformed command line by its usage as well.
    static func report(_ error: CommandError, commandPath: [String], to errors: OutputWriter) {
        errors.writeLine("error: " + error.message)
        if error.usageCommandPath != nil {
            errors.writeLine("Usage: " + HelpFormatter.usage(of: commandPath))
        }
        if error.status == .usage {
            errors.writeLine("See '" + (["gaslog"] + commandPath + ["--help"]).joined(separator: " ") + "'.")
        }
    }
}
