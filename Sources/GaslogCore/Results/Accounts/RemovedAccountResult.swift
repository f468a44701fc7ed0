import LogbookStore

/// An account just removed, and how many of its tokens that revoked.
public struct RemovedAccountResult: UseCaseResult {
    /// The account, now removed.
    public let account: Account
    /// The tokens in force that its removal revoked.
    public let revokedTokens: Int

    /// The account's fields and `revoked_tokens`.
    public func json(warnings: [Warning]) -> JSONValue {
        guard case .object(let members) = AccountsResult.json(account) else { return AccountsResult.json(account) }
        return .object(members + [("revoked_tokens", .integer(revokedTokens))], warnings: warnings)
    }
}
