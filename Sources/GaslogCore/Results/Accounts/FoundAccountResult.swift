import LogbookStore

/// The account looked for, if there is one.
public struct FoundAccountResult: UseCaseResult {
    /// The account, removed or not; `nil` when none has the name or token.
    public let account: Account?

    /// The account's fields, or `null`.
    public func json(warnings: [Warning]) -> JSONValue {
        account.map(AccountsResult.json) ?? .null
    }
}
