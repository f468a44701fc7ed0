import GaslogCore
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

    /// The error as `--json` writes it on standard error, one line:
    /// `{"error": {"status", "code", "rules", "message", "field"}}`, with the
    /// exit status, the API's code, rules and field, and the command line's words.
    var json: JSONValue {
        let category = logbookError?.category ?? CommandError.category(of: status)
        let rules: [String] = if case .refused(let rules) = category { rules } else { [] }
        let field = logbookError?.field.map(FieldMessage.key(of:))
        return .object([
            (
                "error",
                .object([
                    ("status", .integer(Int(status.rawValue))), ("code", .string(category.code)),
                    ("rules", .array(rules.map { .string($0) })), ("message", .string(message)),
                    ("field", field.map { .string($0) } ?? .null),
                ])
            )
        ])
    }

    /// The category of an error the command line raised itself, by its exit status.
    private static func category(of status: ExitStatus) -> LogbookError.Category {
        switch status {
        case .success, .software, .osError: .internalFailure
        case .usage: .invalid(field: nil)
        case .dataError: .refused(rules: [])
        case .noInput: .unreadableInput
        case .cannotCreate: .cannotCreate
        case .ioError: .unusable(.damaged)
        case .temporaryFailure: .busy(retryAfter: 2)
        }
    }
}
