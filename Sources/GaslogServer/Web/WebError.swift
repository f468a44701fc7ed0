import GaslogCore

/// A page that could not be shown, as the browser gets it: a status, a
/// title, and a sentence that says what happened, never a stack trace.
struct WebError: Error {
    /// The HTTP status.
    let status: Int
    /// The page's heading.
    let title: String
    /// What happened, in words.
    let message: String
    /// Extra headers, such as `Retry-After`.
    var headers: [(name: String, value: String)]
    /// What the server's log says of a 500; never shown on the page.
    var detail: String?
    /// The input at fault, as a page's field and the command's option name
    /// it (`since`), when known: a page with a form shows the error there.
    var field: String?

    /// An error with these parts.
    init(status: Int, title: String, message: String, headers: [(name: String, value: String)] = []) {
        self.status = status
        self.title = title
        self.message = message
        self.headers = headers
    }

    static func notFound(_ message: String) -> WebError { WebError(status: 404, title: "Not found", message: message) }
    static func forbidden(_ message: String) -> WebError { WebError(status: 403, title: "Not allowed", message: message) }
    static func badInput(_ message: String) -> WebError { WebError(status: 400, title: "Cannot do that", message: message) }

    /// The page for the logbook's error: one answer per category, and the
    /// one place the pages meet them. A busy or read-only logbook is a 503
    /// that says which, and a full disk a 507; anything the server cannot use
    /// is a 500. The detail of a 500 or 507 goes to the server's log only.
    init(_ error: LogbookError) {
        switch error.category {
        case .busy(let retryAfter):
            self.init(
                status: 503, title: "The logbook is busy",
                message: "Another program is writing to the logbook right now. Nothing was changed; try again in a few seconds.",
                headers: [("Retry-After", String(retryAfter))])
        case .unusable(.readOnly):
            self.init(
                status: 503, title: "The logbook is read-only",
                message: "The server cannot write to the logbook's file, so nothing can be recorded. Pages that only show the log still work.",
                headers: [("Retry-After", "60")])
        case .storageFull:
            self.init(
                status: 507, title: "The logbook is full",
                message: "The server cannot write to the logbook: its disk is full. Nothing was recorded; pages that only show the log still work.")
            detail = error.message
        case .notFound:
            self = .notFound(error.message)
        case .conflict(code: "last_admin"):
            self.init(status: 409, title: "Cannot do that", message: error.message + ". Make another account admin first.")
        case .conflict:
            self.init(status: 409, title: "Cannot do that", message: error.message)
        case .invalid:
            self = .badInput(WebForms.message(for: error))
        case .refused:
            self.init(status: 422, title: "Cannot do that", message: error.message)
        case .unusable(.integrity):
            self.init(status: 500, title: "The logbook cannot be trusted", message: APIError.integrityMessage(error))
            detail = error.message
        case .unusable(.damaged), .unreadableInput, .cannotCreate, .internalFailure:
            self.init(status: 500, title: "The logbook cannot be used", message: "The server could not read the logbook; the reason is in its log.")
            detail = error.message
        }
        // A page with a form shows the error at the field it is about.
        field = error.field
    }
}
