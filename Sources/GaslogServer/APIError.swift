import GaslogCLI
import LogbookStore

/// An error as the API answers it, and every mapping from the logbook's and
/// the command layer's errors to HTTP, in one place.
///
/// The body is `{"error": {"status", "code", "rules", "message"}}`.
public struct APIError: Error, Sendable {
    /// The HTTP status.
    public let status: Int
    /// A stable name: `bad_input`, `refused`, `not_found`, …
    public let code: String
    /// Every fill-station rule that refused, by its code; empty when none did.
    public let rules: [String]
    /// What went wrong, naming no command-line option.
    public let message: String
    /// Extra headers, such as `Retry-After` or `Allow`.
    public let headers: [(name: String, value: String)]
    /// What the server's log says about an internal error; never sent to the client.
    public var detail: String?
    /// Set when the request is to be answered after a wait (a throttled
    /// login): this error is then the answer only if the server stops first.
    public var deferral: Deferral?

    /// An error with these parts.
    public init(_ status: Int, _ code: String, _ message: String, rules: [String] = [], headers: [(name: String, value: String)] = []) {
        self.status = status
        self.code = code
        self.message = message
        self.rules = rules
        self.headers = headers
    }

    /// Bad input (400).
    static func badInput(_ message: String) -> APIError { APIError(400, "bad_input", message) }

    /// The response that carries this error.
    var response: HTTPResponse {
        let body = JSONValue.object([
            (
                "error",
                .object([
                    ("status", .integer(status)), ("code", .string(code)), ("rules", .array(rules.map { .string($0) })),
                    ("message", .string(message)),
                ])
            )
        ])
        return HTTPResponse.json(status, body.text, headers: headers)
    }

    /// The answer for a command that failed: the logbook's reason when the
    /// logbook refused, otherwise the command's own status.
    init(_ error: CommandError) {
        if let logbook = error.logbookError {
            self.init(logbook)
            return
        }
        switch error.status {
        case .usage: self = .badInput(APIError.withoutOptions(error.message))
        case .dataError: self.init(422, "refused", APIError.withoutOptions(error.message))
        case .temporaryFailure: self.init(503, "busy", error.message, headers: [("Retry-After", "2")])
        default:
            self.init(500, "internal", "the server could not answer; the error is in its log")
            detail = error.message
        }
    }

    /// The answer for the logbook's refusal.
    init(_ error: LogbookError) {
        let message = error.message
        switch error.reason {
        case .unknownCylinder, .unknownFill, .unregisteredCylinder:
            self.init(404, "not_found", message)
        case .alreadyVoid:
            self.init(409, "already_void", message)
        case .lastAdmin:
            self.init(409, "last_admin", message)
        case .refused, .blendRefused:
            self.init(422, "refused", message, rules: error.rules.map(\.code))
        case .toleranceExceeded:
            self.init(422, "refused", message, rules: ["tolerance"])
        case .busy:
            self.init(503, "busy", message, headers: [("Retry-After", "2")])
        case .readOnly:
            self.init(503, "read_only", message, headers: [("Retry-After", "60")])
        case .storedDepthMismatch:
            // Decided before the first byte: the answer would show a depth changed outside gaslog.
            self.init(500, "integrity", APIError.integrityMessage(error))
        case .databaseUnusable, .invalidStoredSetting, .cannotCreate, .noDatabaseLocation, .internalFailure, .inputUnavailable:
            self.init(500, "internal", "the server's logbook cannot be used; the error is in its log")
            detail = message
        default:
            switch error.kind {
            case .invalidInput: self = .badInput(message)
            default: self.init(422, "refused", message)
            }
        }
    }

    /// A stored MOD that fails its check, as the API and the pages say it:
    /// the server's operator runs `gaslog verify` on the logbook.
    static func integrityMessage(_ error: LogbookError) -> String {
        error.message + "; run gaslog verify"
    }

    /// The command layer names its options (`--o2`); the API's words for them
    /// are the JSON keys (`o2`).
    static func withoutOptions(_ message: String) -> String {
        renamingOptions(in: message) { "'" + $0.replacing("-", with: "_") + "'" }
    }

    /// `message` with each option it names (`'--o2 <gas>'`, `--o2`) replaced
    /// by `name` of the option's long name (`o2`): the one place where the
    /// API and the pages reword what the command line says.
    static func renamingOptions(in message: String, _ name: (String) -> String) -> String {
        message.replacing(/'?--([a-z0-9-]+)'?(?: <[a-z]+>)?/) { match in name(String(match.output.1)) }
    }
}
