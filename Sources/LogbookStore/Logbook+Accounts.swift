import Credentials

/// Accounts and API tokens for the fill-log service.
///
/// The store keeps hashes and never sees a password or a token: the caller
/// hashes them (the command line and the server through libsodium) and hands
/// over the result. An account is never deleted, only removed, and a token
/// only revoked; both take effect at the next lookup, which a server makes
/// on every request. Each change goes into the audit trail for `actor`: the
/// account that makes it, or `nil` for the command line.
extension Logbook {
    /// Adds an account. A name that an account not removed already has is
    /// refused; a removed account's name may be given to a new one.
    /// `passwordChecked` says that the caller checked the password's
    /// strength (``Credentials/PasswordStrength``) before hashing it.
    @discardableResult
    public func addAccount(
        _ name: AccountName, role: Role, passwordHash: String, passwordChecked: Bool = false, actor: String?
    ) throws(LogbookError) -> Account {
        try Logbook.checkPasswordHash(passwordHash)
        return try perform(writing: true) { database in
            try database.writeTransaction { database in
                if let existing = try activeAccount(name, in: database) {
                    throw LogbookError(.accountExists(existing.name))
                }
                try Logbook.checkNotConfusable(name.text, key: name.key, in: .accounts, database: database)
                try name.checkNewName()
                try database.prepare(
                    """
                    INSERT INTO accounts (name, name_key, role, password_hash, password_checked, created_at)
                    VALUES (:name, :name_key, :role, :password_hash, :password_checked, :created_at)
                    """
                ).execute([
                    "name": .text(name.text), "name_key": .text(name.key), "role": .text(role.rawValue),
                    "password_hash": .text(passwordHash), "password_checked": .integer(passwordChecked ? 1 : 0),
                    "created_at": .text(clock().iso8601),
                ])
                let id = database.lastInsertedRowID
                try AuditTrail(database).append("account add", .account, id: id, actor: actor, at: clock())
                return try account(id: id, in: database)
            }
        }
    }

    /// Every account, removed ones included, by name, then oldest first.
    public func accounts() throws(LogbookError) -> [Account] {
        try perform(writing: false) { database in
            let statement = try database.prepare(Account.selection + " ORDER BY name_key, id")
            try statement.bind([])
            var accounts: [Account] = []
            while try statement.step() { accounts.append(try Account(row: statement)) }
            return accounts
        }
    }

    /// Removes an account: it is refused from then on, and so is every token
    /// it had, which is revoked at the same moment. It stays in the log,
    /// since fills name it. Returns it with the number of tokens revoked.
    @discardableResult
    public func removeAccount(_ name: AccountName, actor: String?) throws(LogbookError) -> (account: Account, revokedTokens: Int) {
        try perform(writing: true) { database in
            try database.writeTransaction { database in
                let account = try existingAccount(name, in: database)
                try Logbook.checkKeepsAnAdmin(without: account, in: database)
                let time = clock()
                let now = time.iso8601
                let live = try database.prepare("SELECT id FROM tokens WHERE account_id = :id AND revoked_at IS NULL ORDER BY id")
                try live.bind(["id": .integer(account.id)])
                var tokenIDs: [Int] = []
                while try live.step() { tokenIDs.append(live.integer("id")) }
                try database.prepare("UPDATE tokens SET revoked_at = :now WHERE account_id = :id AND revoked_at IS NULL")
                    .execute(["now": .text(now), "id": .integer(account.id)])
                let revoked = database.changes
                try database.prepare("UPDATE accounts SET removed_at = :now WHERE id = :id")
                    .execute(["now": .text(now), "id": .integer(account.id)])
                let trail = try AuditTrail(database)
                for token in tokenIDs {
                    try trail.append("token revoke", .token, id: token, actor: actor, at: time)
                }
                try trail.append("account remove", .account, id: account.id, actor: actor, at: time)
                return (try self.account(id: account.id, in: database), revoked)
            }
        }
    }

    /// Gives an account another role; returns it with the role it had before.
    @discardableResult
    public func setRole(_ role: Role, of name: AccountName, actor: String?) throws(LogbookError) -> (account: Account, previous: Role) {
        try perform(writing: true) { database in
            try database.writeTransaction { database in
                let account = try existingAccount(name, in: database)
                if role != .admin { try Logbook.checkKeepsAnAdmin(without: account, in: database) }
                try database.prepare("UPDATE accounts SET role = :role WHERE id = :id")
                    .execute(["role": .text(role.rawValue), "id": .integer(account.id)])
                try AuditTrail(database).append("account role", .account, id: account.id, actor: actor, at: clock())
                return (try self.account(id: account.id, in: database), account.role)
            }
        }
    }

    /// Replaces an account's password hash; `passwordChecked` says that the
    /// caller checked the new password's strength.
    @discardableResult
    public func setPasswordHash(
        _ passwordHash: String, of name: AccountName, passwordChecked: Bool = false, actor: String?
    ) throws(LogbookError) -> Account {
        try Logbook.checkPasswordHash(passwordHash)
        return try perform(writing: true) { database in
            try database.writeTransaction { database in
                let account = try existingAccount(name, in: database)
                try database.prepare("UPDATE accounts SET password_hash = :hash, password_checked = :checked WHERE id = :id")
                    .execute(["hash": .text(passwordHash), "checked": .integer(passwordChecked ? 1 : 0), "id": .integer(account.id)])
                // The entry says that the password changed; the hash never enters the trail.
                try AuditTrail(database).append("account password", .account, id: account.id, actor: actor, at: clock())
                return try self.account(id: account.id, in: database)
            }
        }
    }

    /// Records a new token for an account, by its hash; the record carries
    /// the new token's id.
    @discardableResult
    public func createToken(for name: AccountName, label text: String, tokenHash: String, actor: String?) throws(LogbookError) -> TokenRecord {
        let label: String
        do {
            label = try FillText.name(text, field: "token label")
        } catch {
            throw LogbookError.invalidInput(error)
        }
        // The schema counts code points, as SQLite's length() does.
        guard label.unicodeScalars.count <= FillText.maximumNameLength else {
            throw LogbookError(
                .invalidInput(
                    FieldError(
                        .invalidText(
                            what: "token label", value: nil,
                            .tooManyCodePoints(count: label.unicodeScalars.count, maximum: FillText.maximumNameLength)))))
        }
        guard Hex.isEncoding(tokenHash, byteCount: SHA256.byteCount) else {
            throw LogbookError(.internalFailure(.tokenHashMalformed))
        }
        return try perform(writing: true) { database in
            try database.writeTransaction { database in
                let account = try existingAccount(name, in: database)
                try database.prepare(
                    """
                    INSERT INTO tokens (account_id, label, token_hash, created_at)
                    VALUES (:account_id, :label, :token_hash, :created_at)
                    """
                ).execute([
                    "account_id": .integer(account.id), "label": .text(label), "token_hash": .text(tokenHash),
                    "created_at": .text(clock().iso8601),
                ])
                let id = database.lastInsertedRowID
                try AuditTrail(database).append("token create", .token, id: id, actor: actor, at: clock())
                return try token(id: id, in: database)
            }
        }
    }

    /// Every token, revoked ones included, oldest first.
    public func tokens() throws(LogbookError) -> [TokenRecord] {
        try perform(writing: false) { database in
            let statement = try database.prepare(TokenRecord.selection + " ORDER BY t.id")
            try statement.bind([])
            var tokens: [TokenRecord] = []
            while try statement.step() { tokens.append(try TokenRecord(row: statement)) }
            return tokens
        }
    }

    /// Revokes a token: it is refused from then on. A token is revoked once.
    @discardableResult
    public func revokeToken(id: Int, actor: String?) throws(LogbookError) -> TokenRecord {
        try perform(writing: true) { database in
            try database.writeTransaction { database in
                let token = try token(id: id, in: database)
                if let revokedAt = token.revokedAt {
                    throw LogbookError(.tokenRevoked(id, at: revokedAt))
                }
                try database.prepare("UPDATE tokens SET revoked_at = :now WHERE id = :id")
                    .execute(["now": .text(clock().iso8601), "id": .integer(id)])
                try AuditTrail(database).append("token revoke", .token, id: id, actor: actor, at: clock())
                return try self.token(id: id, in: database)
            }
        }
    }

    /// The account with this name, for a login: the one that may log in if
    /// there is one, else the last one removed (``Account/isRemoved`` set),
    /// else `nil`.
    public func account(named name: AccountName) throws(LogbookError) -> Account? {
        try perform(writing: false) { database in try latestAccount(name, in: database) }
    }

    /// The account a token acts for, given the token's hash: `nil` unless the
    /// token is known, not revoked, and its account not removed.
    public func account(forTokenHash tokenHash: String) throws(LogbookError) -> Account? {
        try perform(writing: false) { database in
            let statement = try database.cachedStatement(
                """
                SELECT a.id AS id, a.name AS name, a.role AS role, a.password_hash AS password_hash,
                       a.password_checked AS password_checked, a.created_at AS created_at, a.removed_at AS removed_at
                FROM tokens AS t JOIN accounts AS a ON a.id = t.account_id
                WHERE t.token_hash = :token_hash AND t.revoked_at IS NULL AND a.removed_at IS NULL
                """)
            return try statement.firstRow(["token_hash": .text(tokenHash)], Account.init(row:))
        }
    }

    // MARK: Within a transaction

    private func account(id: Int, in database: Database) throws -> Account {
        let statement = try database.prepare(Account.selection + " WHERE id = :id")
        try statement.bind(["id": .integer(id)])
        guard try statement.step() else {
            throw LogbookError(.internalFailure(.accountVanished(id)))
        }
        return try Account(row: statement)
    }

    /// The account with this name that is not removed, if any.
    private func activeAccount(_ name: AccountName, in database: Database) throws -> Account? {
        let statement = try database.prepare(Account.selection + " WHERE name_key = :name_key AND removed_at IS NULL")
        try statement.bind(["name_key": .text(name.key)])
        return try statement.step() ? try Account(row: statement) : nil
    }

    /// The account with this name that is not removed, else the last removed.
    private func latestAccount(_ name: AccountName, in database: Database) throws -> Account? {
        let statement = try database.prepare(
            Account.selection + " WHERE name_key = :name_key ORDER BY removed_at IS NULL DESC, removed_at DESC, id DESC LIMIT 1")
        try statement.bind(["name_key": .text(name.key)])
        return try statement.step() ? try Account(row: statement) : nil
    }

    /// The account with this name that is not removed; an unknown or removed
    /// name is refused.
    private func existingAccount(_ name: AccountName, in database: Database) throws -> Account {
        guard let account = try latestAccount(name, in: database) else {
            throw LogbookError(.unknownAccount(name.text))
        }
        if let removedAt = account.removedAt {
            throw LogbookError(.accountRemoved(account.name, at: removedAt))
        }
        return account
    }

    private func token(id: Int, in database: Database) throws -> TokenRecord {
        let statement = try database.prepare(TokenRecord.selection + " WHERE t.id = :id")
        try statement.bind(["id": .integer(id)])
        guard try statement.step() else {
            throw LogbookError(.unknownToken(id))
        }
        return try TokenRecord(row: statement)
    }

    /// Refuses to store anything but a `crypto_pwhash_str` hash: a password
    /// handed over by mistake must never reach the file.
    /// Refuses to remove or demote the last admin in service: only the
    /// command line could make one again.
    private static func checkKeepsAnAdmin(without account: Account, in database: Database) throws {
        guard account.role == .admin, !account.isRemoved else { return }
        let others = try database.prepare(
            "SELECT count(*) FROM accounts WHERE role = 'admin' AND removed_at IS NULL AND id != :id"
        ).scalarInteger(["id": .integer(account.id)])
        guard others == 0 else { return }
        throw LogbookError(.lastAdmin(account.name))
    }

    private static func checkPasswordHash(_ hash: String) throws(LogbookError) {
        guard hash.hasPrefix("$argon2"), hash.utf8.count < 128 else {
            throw LogbookError(.internalFailure(.passwordHashMalformed))
        }
    }

}
