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

    /// An error with `message` that exits with `status`, followed by the usage of `commandPath` when one is given.
    public init(_ message: String, status: ExitStatus, usageOf commandPath: [String]? = nil) {
        self.message = message
        self.status = status
        self.usageCommandPath = commandPath
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
    /// `commandPath`, with the exit status for its kind.
    init(_ error: LogbookError, commandPath: [String]) {
        let status: ExitStatus =
            switch error.kind {
            case .invalidInput: .usage
            case .refused: .dataError
            case .inputUnavailable: .noInput
            case .cannotCreate: .cannotCreate
            case .databaseUnusable: .ioError
            case .busy: .temporaryFailure
            case .internalFailure: .software
            }
        self.init(LogbookWording.message(for: error, commandPath: commandPath), status: status)
    }
}
