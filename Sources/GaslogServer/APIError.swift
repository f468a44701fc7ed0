import GaslogCore

/// An error as the API answers it, and every mapping from the logbook's and
/// the command layer's errors to HTTP, in one place.
///
/// The body is `{"error": {"status", "code", "rules", "message", "field"}}`, from ``fields``.
public struct APIError: Error, Sendable {
    /// The HTTP status.
    public let status: Int
    /// A stable name: `bad_input`, `refused`, `not_found`, …
    public let code: String
    /// Every fill-station rule that refused, by its code; empty when none did.
    public let rules: [String]
    /// What went wrong, naming no command-line option.
    public let message: String
    /// The input key at fault (`o2`, `working_pressure`), or `nil`.
    public let field: String?
    /// Extra headers, such as `Retry-After` or `Allow`.
    public let headers: [(name: String, value: String)]
    /// What the server's log says about an internal error; never sent to the client.
    public var detail: String?
    /// Set when the request is to be answered after a wait (a throttled
    /// login): this error is then the answer only if the server stops first.
    public var deferral: Deferral?

    /// An error with these parts.
    public init(
        _ status: Int, _ code: String, _ message: String, rules: [String] = [], field: String? = nil,
        headers: [(name: String, value: String)] = []
    ) {
        self.field = field
        self.status = status
        self.code = code
        self.message = message
        self.rules = rules
        self.headers = headers
    }

    /// Bad input (400), at `field` when one is at fault.
    static func badInput(_ message: String, field: String? = nil) -> APIError { APIError(400, "bad_input", message, field: field) }

    /// The response that carries this error.
    var response: HTTPResponse {
        HTTPResponse.json(status, APIError.fields.json(of: self).text, headers: headers)
    }

    /// The answer for the logbook's error: one status per category, and
    /// the one place the API meets them.
    init(_ error: LogbookError) {
        let message = error.message
        let code = error.category.code
        switch error.category {
        case .invalid(let field):
            self = .badInput(message, field: field.map(FieldMessage.key(of:)))
        case .notFound:
            self.init(404, code, message)
        case .conflict:
            self.init(409, code, message)
        case .refused(let rules):
            self.init(422, code, message, rules: rules)
        case .busy(let retryAfter):
            self.init(503, code, message, headers: [("Retry-After", String(retryAfter))])
        case .unusable(.readOnly):
            self.init(503, code, message, headers: [("Retry-After", "60")])
        case .storageFull:
            // 507 Insufficient Storage (RFC 4918): the write was rolled back, so a retry after space is freed is safe.
            self.init(507, code, "the server's logbook cannot be written: its disk is full; nothing was recorded")
            detail = message
        case .unusable(.integrity):
            // Decided before the first byte: the answer would show a depth changed outside gaslog.
            self.init(500, code, APIError.integrityMessage(error))
        case .unusable(.damaged), .unreadableInput, .cannotCreate, .internalFailure:
            self.init(500, code, "the server's logbook cannot be used; the error is in its log")
            detail = message
        }
    }

    /// A stored MOD that fails its check, as the API and the pages say it:
    /// the server's operator runs `gaslog verify` on the logbook.
    static func integrityMessage(_ error: LogbookError) -> String {
        error.message + "; run gaslog verify"
    }
}
