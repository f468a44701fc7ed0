import LogbookStore

/// One signed-in browser: whose it is, the token its forms must carry, and
/// when it ends.
struct WebSession: Sendable, Equatable {
    /// The account's name, looked up again on every request.
    let account: String
    /// The CSRF token every form that changes something must send back.
    let formToken: String
    /// The moment after which the session is refused.
    let expiresAt: Timestamp
}
