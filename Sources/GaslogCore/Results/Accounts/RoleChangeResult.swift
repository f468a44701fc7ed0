import LogbookStore

/// An account given a role, with the role it had.
public struct RoleChangeResult: UseCaseResult {
    /// The account as stored now.
    public let account: Account
    /// Its role before; the same as now when nothing changed.
    public let previous: Role

    /// The account's fields and `previous_role`.
    public func json(warnings: [Warning]) -> JSONValue {
        guard case .object(let members) = AccountsResult.json(account) else { return AccountsResult.json(account) }
        return .object(members + [("previous_role", .string(previous.rawValue))], warnings: warnings)
    }
}
