import LogbookStore

/// A token just made, and the token itself, which is never shown again.
public struct CreatedTokenResult: UseCaseResult {
    /// The token as stored.
    public let record: TokenRecord
    /// The token: shown once, stored only as its hash.
    public let token: String

    /// Its id, account and label, and the token.
    public func json(warnings: [Warning]) -> JSONValue {
        .object([
            ("id", .integer(record.id)), ("account", .string(record.account)), ("label", .string(record.label)),
            ("token", .string(token)),
        ])
    }
}
