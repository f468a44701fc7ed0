import LogbookStore

/// Every token, revoked ones included; never a token itself.
public struct TokensResult: UseCaseResult {
    /// The tokens, in the order they were made.
    public let tokens: [TokenRecord]

    /// One object per token, one a line.
    public func json(warnings: [Warning]) -> JSONValue {
        .array(tokens.map(Self.json))
    }

    /// A list.
    public var isListed: Bool { true }

    /// A token's id, account, label and dates.
    static func json(_ token: TokenRecord) -> JSONValue {
        .object([
            ("id", .integer(token.id)), ("account", .string(token.account)), ("label", .string(token.label)),
            ("created_at", .string(token.createdAt.iso8601)), ("revoked_at", .optional(token.revokedAt?.iso8601)),
        ])
    }
}
