/// An account of the fill-log service, as stored: never its password, only
/// the hash the caller made of it.
public struct Account: Sendable, Equatable {
    /// The account's row id.
    public let id: Int
    /// The name as given when the account was added.
    public let name: String
    /// What the account may do.
    public let role: Role
    /// The password's hash, as the caller made it (`crypto_pwhash_str` text).
    public let passwordHash: String
    /// When the account was added.
    public let createdAt: Timestamp
    /// Whether the password passed the strength check when it was set;
    /// `false` for a password set before gaslog checked strength.
    public let passwordChecked: Bool
    /// When the account was removed; `nil` while it may log in.
    public let removedAt: Timestamp?

    /// Whether the account was removed, and so is refused.
    public var isRemoved: Bool { removedAt != nil }

    /// The columns ``init(row:)`` reads, by name.
    static let selection = "SELECT id, name, role, password_hash, password_checked, created_at, removed_at FROM accounts"

    /// Reads the current row of a statement that starts with ``selection``.
    init(row: Statement) throws(LogbookError) {
        id = row.integer("id")
        name = row.text("name")
        guard let role = Role(rawValue: row.text("role")),
            let createdAt = try? Timestamp(parsing: row.text("created_at"))
        else {
            throw LogbookError(.databaseUnusable(.storedRow(.accountRoleOrTime(account: id))))
        }
        self.role = role
        passwordHash = row.text("password_hash")
        passwordChecked = row.integer("password_checked") != 0
        self.createdAt = createdAt
        // A removal that cannot be read must not let the account back in.
        if let removed = row.optionalText("removed_at") {
            guard let removedAt = try? Timestamp(parsing: removed) else {
                throw LogbookError(.databaseUnusable(.storedRow(.accountRemovalTime(account: id))))
            }
            self.removedAt = removedAt
        } else {
            removedAt = nil
        }
    }
}
