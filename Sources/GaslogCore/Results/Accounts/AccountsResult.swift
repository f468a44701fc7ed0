import LogbookStore

/// Every account, removed ones included, in the order they were added.
public struct AccountsResult: UseCaseResult {
    /// The accounts.
    public let accounts: [Account]

    /// One object per account, one a line.
    public func json(warnings: [Warning]) -> JSONValue {
        .array(accounts.map(Self.json))
    }

    /// A list.
    public var isListed: Bool { true }

    /// An account's name, role, dates and whether its password was checked;
    /// never its hash.
    static func json(_ account: Account) -> JSONValue {
        .object([
            ("name", .string(account.name)), ("role", .string(account.role.rawValue)),
            ("created_at", .string(account.createdAt.iso8601)), ("removed_at", .optional(account.removedAt?.iso8601)),
            ("password_checked", .bool(account.passwordChecked)),
        ])
    }
}
