import GaslogCore

/// One signed-in browser: whose it is, the token its forms must carry, and
/// when it ends.
struct WebSession: Sendable, Equatable {
    /// The account's name, looked up again on every request.
    let account: String
    /// The SHA-256 of the account's password hash at sign-in: a new password
    /// (which always gets a new salt, so a new hash) ends the session from the
    /// server's next request, even when another process changed it.
    let credential: String
    /// The CSRF token every form that changes something must send back.
    let formToken: String
    /// The moment after which the session is refused.
    let expiresAt: Timestamp
}
