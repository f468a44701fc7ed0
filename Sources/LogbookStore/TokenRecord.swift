/// An API token as the log keeps it: what it is for and whose it is, never
/// the token itself.
public struct TokenRecord: Sendable, Equatable {
    /// The token's id, by which it is revoked.
    public let id: Int
    /// The name of the account the token acts for.
    public let account: String
    /// What the token is for, as given when it was made.
    public let label: String
    /// When the token was made.
    public let createdAt: Timestamp
    /// When the token was revoked; `nil` while it is accepted.
    public let revokedAt: Timestamp?

    /// Whether the token was revoked.
    public var isRevoked: Bool { revokedAt != nil }

    /// The columns ``init(row:)`` reads, by name.
    static let selection = """
        SELECT t.id AS id, a.name AS account, t.label AS label, t.created_at AS created_at, t.revoked_at AS revoked_at
        FROM tokens AS t LEFT JOIN accounts AS a ON a.id = t.account_id
        """

    /// Reads the current row of a statement that starts with ``selection``.
    init(row: Statement) throws(LogbookError) {
        id = row.integer("id")
        // Accounts are never deleted; only a change made outside gaslog loses one.
        guard let account = row.optionalText("account") else {
            throw LogbookError(.databaseUnusable(.storedRow(.tokenWithoutAccount(token: id))))
        }
        self.account = account
        label = row.text("label")
        guard let createdAt = try? Timestamp(parsing: row.text("created_at")) else {
            throw LogbookError(.databaseUnusable(.storedRow(.tokenCreationTime(token: id))))
        }
        self.createdAt = createdAt
        // A revocation that cannot be read must not let the token back in.
        if let revoked = row.optionalText("revoked_at") {
            guard let revokedAt = try? Timestamp(parsing: revoked) else {
                throw LogbookError(.databaseUnusable(.storedRow(.tokenRevocationTime(token: id))))
            }
            self.revokedAt = revokedAt
        } else {
            revokedAt = nil
        }
    }
}
