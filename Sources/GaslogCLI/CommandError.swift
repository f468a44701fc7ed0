import GaslogCore
import LogbookStore
import NitroxCalculator

/// A command that could not run, with the exit status it ends with.
public struct CommandError: Error, Sendable, Equatable {
    /// What went wrong, as the `error:` line says it.
    public let message: String
    /// The exit status the command ends with.
    public let status: ExitStatus
    /// For a mistake in the command line itself: the command whose usage to show.
    public let usageCommandPath: [String]?
    /// The logbook's own error, when the logbook refused: a front end other
    /// than the terminal answers from its reason, not from the message.
    public let logbookError: LogbookError?

    /// An error with `message` that exits with `status`, followed by the usage of `commandPath` when one is given.
    public init(_ message: String, status: ExitStatus, usageOf commandPath: [String]? = nil) {
        self.init(message, status: status, usageOf: commandPath, logbookError: nil)
    }

    private init(_ message: String, status: ExitStatus, usageOf commandPath: [String]?, logbookError: LogbookError?) {
        self.message = message
        self.status = status
        self.usageCommandPath = commandPath
        self.logbookError = logbookError
    }

    /// A malformed command line: shown with the command's usage.
    static func usage(_ message: String, _ commandPath: [String]) -> CommandError {
        CommandError(message, status: .usage, usageOf: commandPath)
    }

    /// A value that was read but not accepted (exit 64).
    static func badValue(_ message: String) -> CommandError {
        CommandError(message, status: .usage)
    }

    /// The logbook's error in the command line's words, raised while running
    /// `commandPath`, with the exit status of its category.
    public init(_ error: LogbookError, commandPath: [String]) {
        self.init(
            LogbookWording.message(for: error, commandPath: commandPath), status: ExitStatus(error.category), usageOf: nil,
            logbookError: error)
    }
}
