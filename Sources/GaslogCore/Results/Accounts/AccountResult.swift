import LogbookStore

/// An account just added or changed. Its JSON leaves out the password's hash.
public struct AccountResult: UseCaseResult {
    /// The account as stored now.
    public let account: Account

    /// The account's fields, as `user list --json` shows them.
    public func json(warnings: [Warning]) -> JSONValue {
        guard case .object(let members) = AccountsResult.json(account) else { return AccountsResult.json(account) }
        return .object(members, warnings: warnings)
    }
}
