import LogbookStore

/// A token just revoked.
public struct TokenResult: UseCaseResult {
    /// The token as stored now.
    public let token: TokenRecord

    /// Its id, account, label and dates.
    public func json(warnings: [Warning]) -> JSONValue {
        guard case .object(let members) = TokensResult.json(token) else { return TokensResult.json(token) }
        return .object(members, warnings: warnings)
    }
}
