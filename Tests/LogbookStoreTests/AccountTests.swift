import NitroxCalculator
import Testing

@testable import LogbookStore

/// Hashes as the caller makes them: the store never sees a password or a
/// token, and these tests need no libsodium.
private func passwordHash(_ tag: String) -> String { "$argon2id$v=19$m=65536,t=2,p=1$c2FsdA$" + tag }
private func tokenHash(_ digit: Character) -> String { String(repeating: digit, count: 64) }

@Suite("Accounts and tokens: names, roles, removal, revocation and the lookups a server makes")
struct AccountTests {
    let folder = TemporaryFolder()

    func name(_ text: String) throws -> AccountName { try AccountName(parsing: text) }

    @Test("Accounts are added with a role and a hash, named regardless of case and of how an accent was typed")
    func addAndFind() throws {
        let logbook = Logbook(path: folder.file("accounts.sqlite"), clock: fixedClock)
        let zoe = try logbook.addAccount(name("Zo\u{EB}"), role: .blender, passwordHash: passwordHash("zoe"), actor: nil)
        try logbook.addAccount(name("ali"), role: .admin, passwordHash: passwordHash("ali"), actor: nil)
        #expect(zoe.name == "Zo\u{EB}" && zoe.role == .blender && zoe.passwordHash == passwordHash("zoe") && !zoe.isRemoved)
        #expect(zoe.createdAt == fixedClock())
        // The same name typed another way is the same account, and is refused.
        let again = try name(" ZOE\u{308} ")
        #expect(
            reason { () throws(LogbookError) in try logbook.addAccount(again, role: .reader, passwordHash: passwordHash("x"), actor: nil) }
                == .accountExists("Zo\u{EB}"))
        #expect(try logbook.account(named: name("zoe\u{308}")) == zoe)
        #expect(try logbook.account(named: name("nobody")) == nil)
        #expect(try logbook.accounts().map(\.name) == ["ali", "Zo\u{EB}"])
        #expect(LogbookError(.accountExists("Zo\u{EB}")).category == .refused(rules: []))
        // What is stored is the hash, as given.
        #expect(
            try rows("SELECT name, name_key, role, password_hash FROM accounts ORDER BY id", in: folder.file("accounts.sqlite"))[0]
                == ["Zo\u{EB}", "zo\u{EB}", "blender", passwordHash("zoe")])
    }

    @Test("Roles are ordered: an admin may do what a blender may, a blender what a reader may")
    func roles() {
        #expect(Role.allCases == [.reader, .blender, .admin])
        #expect(Role.admin.allows(.blender) && Role.admin.allows(.reader) && Role.blender.allows(.blender))
        #expect(!Role.reader.allows(.blender) && !Role.blender.allows(.admin))
    }

    @Test("A role and a password hash change; an unknown name is refused")
    func change() throws {
        let logbook = Logbook(path: folder.file("change.sqlite"), clock: fixedClock)
        try logbook.addAccount(name("ali"), role: .reader, passwordHash: passwordHash("old"), actor: nil)
        let (account, previous) = try logbook.setRole(.admin, of: name("ALI"), actor: nil)
        #expect(account.role == .admin && previous == .reader)
        #expect(try logbook.setPasswordHash(passwordHash("new"), of: name("ali"), actor: nil).passwordHash == passwordHash("new"))
        #expect(try logbook.account(named: name("ali"))?.passwordHash == passwordHash("new"))
        let nobody = try name("nobody")
        #expect(reason { () throws(LogbookError) in _ = try logbook.setRole(.admin, of: nobody, actor: nil) } == .unknownAccount("nobody"))
        #expect(
            reason { () throws(LogbookError) in try logbook.setPasswordHash(passwordHash("x"), of: nobody, actor: nil) } == .unknownAccount("nobody"))
        #expect(reason { () throws(LogbookError) in _ = try logbook.removeAccount(nobody, actor: nil) } == .unknownAccount("nobody"))
        #expect(
            reason { () throws(LogbookError) in try logbook.createToken(for: nobody, label: "x", tokenHash: tokenHash("a"), actor: nil) }
                == .unknownAccount("nobody"))
    }

    @Test("The store refuses a password or a token that is not hashed")
    func onlyHashes() throws {
        let logbook = Logbook(path: folder.file("hashes.sqlite"), clock: fixedClock)
        let ali = try name("ali")
        for plain in ["hunter22", "", "$2b$10$bcrypt"] {
            #expect(
                reason { () throws(LogbookError) in try logbook.addAccount(ali, role: .admin, passwordHash: plain, actor: nil) }
                    .map { LogbookError($0).category } == .internalFailure)
        }
        try logbook.addAccount(ali, role: .admin, passwordHash: passwordHash("ali"), actor: nil)
        #expect(
            reason { () throws(LogbookError) in try logbook.setPasswordHash("hunter22", of: ali, actor: nil) }.map { LogbookError($0).category }
                == .internalFailure)
        for token in ["", APITokenLike.sample, tokenHash("A"), tokenHash("a") + "0"] {
            #expect(
                reason { () throws(LogbookError) in try logbook.createToken(for: ali, label: "x", tokenHash: token, actor: nil) }
                    .map { LogbookError($0).category } == .internalFailure, "\(token)")
        }
        #expect(try rows("SELECT password_hash FROM accounts", in: folder.file("hashes.sqlite")) == [[passwordHash("ali")]])
        #expect(try rows("SELECT count(*) FROM tokens", in: folder.file("hashes.sqlite")) == [["0"]])
    }

    @Test("Tokens: made by hash, listed without it, looked up by it, revoked once")
    func tokens() throws {
        let path = folder.file("tokens.sqlite")
        let logbook = Logbook(path: path, clock: fixedClock)
        let ali = try logbook.addAccount(name("ali"), role: .blender, passwordHash: passwordHash("ali"), actor: nil)
        let first = try logbook.createToken(for: name("ALI"), label: "fill station tablet", tokenHash: tokenHash("a"), actor: nil)
        let second = try logbook.createToken(for: name("ali"), label: "script", tokenHash: tokenHash("b"), actor: nil)
        #expect(first.id == 1 && second.id == 2)
        #expect(first.account == "ali" && first.label == "fill station tablet" && first.createdAt == fixedClock() && !first.isRevoked)
        #expect(try logbook.tokens() == [first, second])
        #expect(try logbook.account(forTokenHash: tokenHash("a")) == ali)
        #expect(try logbook.account(forTokenHash: tokenHash("c")) == nil)

        let revoked = try logbook.revokeToken(id: 1, actor: nil)
        #expect(revoked.isRevoked && revoked.revokedAt == fixedClock())
        #expect(try logbook.account(forTokenHash: tokenHash("a")) == nil)
        #expect(try logbook.account(forTokenHash: tokenHash("b")) == ali)
        #expect(reason { () throws(LogbookError) in try logbook.revokeToken(id: 1, actor: nil) } == .tokenRevoked(1, at: fixedClock()))
        #expect(reason { () throws(LogbookError) in try logbook.revokeToken(id: 9, actor: nil) } == .unknownToken(9))
        // A hash is stored once: the same token cannot belong to two accounts.
        let ali2 = try name("ali")
        #expect(
            reason { () throws(LogbookError) in try logbook.createToken(for: ali2, label: "again", tokenHash: tokenHash("b"), actor: nil) } != nil)
        // Labels follow the rules for names: one line, 1 to 64 characters.
        for label in ["", "two\nlines", String(repeating: "x", count: 65), String(repeating: "e\u{301}", count: 33)] {
            #expect(
                reason { () throws(LogbookError) in try logbook.createToken(for: ali2, label: label, tokenHash: tokenHash("d"), actor: nil) }
                    .map { LogbookError($0).category } == .invalid(field: nil), "\(label)")
        }
    }

    @Test("A removed account is refused at once, even on a connection opened before, and its tokens are revoked")
    func removal() throws {
        let path = folder.file("removal.sqlite")
        let logbook = Logbook(path: path, clock: fixedClock)
        let ali = try name("ali")
        try logbook.addAccount(ali, role: .blender, passwordHash: passwordHash("ali"), actor: nil)
        try logbook.createToken(for: ali, label: "one", tokenHash: tokenHash("a"), actor: nil)
        try logbook.createToken(for: ali, label: "two", tokenHash: tokenHash("b"), actor: nil)
        try logbook.revokeToken(id: 2, actor: nil)
        // A server's connection, open and used before the removal.
        let server = Logbook(path: path, clock: fixedClock)
        #expect(try server.account(forTokenHash: tokenHash("a"))?.name == "ali")

        let (removed, revokedTokens) = try logbook.removeAccount(ali, actor: nil)
        #expect(removed.isRemoved && removed.removedAt == fixedClock() && revokedTokens == 1)
        #expect(try server.account(forTokenHash: tokenHash("a")) == nil)
        #expect(try server.account(named: ali)?.isRemoved == true)
        #expect(try logbook.tokens().allSatisfy(\.isRevoked))
        // A removed account is not changed, given tokens, or removed again.
        let refusal = LogbookError.Reason.accountRemoved("ali", at: fixedClock())
        #expect(reason { () throws(LogbookError) in _ = try logbook.setRole(.admin, of: ali, actor: nil) } == refusal)
        #expect(reason { () throws(LogbookError) in try logbook.setPasswordHash(passwordHash("x"), of: ali, actor: nil) } == refusal)
        #expect(reason { () throws(LogbookError) in try logbook.createToken(for: ali, label: "x", tokenHash: tokenHash("c"), actor: nil) } == refusal)
        #expect(reason { () throws(LogbookError) in _ = try logbook.removeAccount(ali, actor: nil) } == refusal)

        // The name may be given to a new account, which is not the old one
        // and has none of its tokens; both stay in the list.
        let again = try logbook.addAccount(name("Ali"), role: .reader, passwordHash: passwordHash("new"), actor: nil)
        #expect(again.id != removed.id && !again.isRemoved)
        #expect(try server.account(named: ali) == again)
        #expect(try server.account(forTokenHash: tokenHash("a")) == nil)
        #expect(try logbook.accounts().map { [$0.name, $0.isRemoved ? "removed" : ""] } == [["ali", "removed"], ["Ali", ""]])
    }

    @Test("A removed account's tokens are refused even if one escaped revocation")
    func removedAccountTokens() throws {
        let path = folder.file("escaped.sqlite")
        let logbook = Logbook(path: path, clock: fixedClock)
        try logbook.addAccount(name("ali"), role: .blender, passwordHash: passwordHash("ali"), actor: nil)
        try logbook.createToken(for: name("ali"), label: "one", tokenHash: tokenHash("a"), actor: nil)
        // Removed by SQL, as an older or other tool might: the token stays unrevoked.
        let database = try Database(path: path, mode: .readWrite)
        try database.execute(script: "UPDATE accounts SET removed_at = '2026-01-01T00:00:00Z'")
        #expect(try logbook.account(forTokenHash: tokenHash("a")) == nil)
    }

    @Test("The schema keeps accounts and tokens: never deleted, removed and revoked once, only hashes, UTC times")
    func schemaRules() throws {
        let path = folder.file("rules.sqlite")
        let logbook = Logbook(path: path, clock: fixedClock)
        try logbook.addAccount(name("ali"), role: .blender, passwordHash: passwordHash("ali"), actor: nil)
        try logbook.addAccount(name("bo"), role: .blender, passwordHash: passwordHash("bo"), actor: nil)
        try logbook.createToken(for: name("ali"), label: "one", tokenHash: tokenHash("a"), actor: nil)
        try logbook.removeAccount(name("bo"), actor: nil)
        let database = try Database(path: path, mode: .readWrite)
        for sql in [
            "DELETE FROM accounts",
            "DELETE FROM tokens",
            "UPDATE accounts SET name = 'alice' WHERE name = 'ali'",
            "UPDATE accounts SET role = 'root' WHERE name = 'ali'",
            "UPDATE accounts SET password_hash = 'hunter22' WHERE name = 'ali'",
            "UPDATE accounts SET removed_at = NULL WHERE name = 'bo'",
            "UPDATE accounts SET role = 'admin' WHERE name = 'bo'",
            "UPDATE accounts SET removed_at = 'yesterday' WHERE name = 'ali'",
            "UPDATE tokens SET label = 'two'",
            "UPDATE tokens SET account_id = 2",
            "UPDATE tokens SET revoked_at = '2026-01-01'",
            "INSERT INTO accounts (name, name_key, role, password_hash, created_at) VALUES ('Ali', 'ali', 'admin', '\(passwordHash("x"))', '2026-01-01T00:00:00Z')",
            "INSERT INTO accounts (name, name_key, role, password_hash, created_at) VALUES ('cy', 'cy', 'admin', '\(passwordHash("x"))', 'now')",
            "INSERT INTO tokens (account_id, label, token_hash, created_at) VALUES (1, 'x', '\(tokenHash("A"))', '2026-01-01T00:00:00Z')",
            "INSERT INTO tokens (account_id, label, token_hash, created_at) VALUES (9, 'x', '\(tokenHash("b"))', '2026-01-01T00:00:00Z')",
        ] {
            #expect(throws: DatabaseError.self, "\(sql)") {
                try database.execute(script: "PRAGMA foreign_keys = ON; " + sql)
            }
        }
        try database.execute(script: "UPDATE tokens SET revoked_at = '2026-01-01T00:00:00Z'")
        #expect(throws: DatabaseError.self) { try database.execute(script: "UPDATE tokens SET revoked_at = '2026-01-02T00:00:00Z'") }
    }

    @Test("Account names: trimmed, in NFC, 1 to 64 code points, one line, nothing invisible, no colon")
    func names() throws {
        #expect(try AccountName(parsing: "  Zoe\u{308}  ").text == "Zo\u{EB}")
        #expect(try AccountName(parsing: "Zo\u{EB}").key == "zo\u{EB}")
        #expect(try AccountName(parsing: String(repeating: "x", count: 64)).text.count == 64)
        for bad in [
            "", "   ", "a:b", "tab\there", "line\nbreak", "zero\u{200B}width", String(repeating: "x", count: 65),
            String(repeating: "x\u{301}", count: 33),
        ] {
            #expect(throws: FieldError.self, "\(bad)") { try AccountName(parsing: bad) }
        }
    }

    @Test("Reading accounts and tokens of a logbook that does not exist creates nothing")
    func readsCreateNothing() throws {
        let path = folder.file("none/log.sqlite")
        let logbook = Logbook(path: path)
        #expect(try logbook.accounts().isEmpty && logbook.tokens().isEmpty)
        #expect(try logbook.account(named: name("ali")) == nil && logbook.account(forTokenHash: tokenHash("a")) == nil)
        #expect(bytes(of: path) == nil)
    }
}

/// A token's text, which is not a hash: 64 hex digits would be, so this is 43
/// base64url characters.
private enum APITokenLike {
    static let sample = "dGhpcyBpcyBub3QgYSBoYXNoIG9mIGFueXRoaW5nIQ"
}

@Suite("Who recorded each fill and void")
struct RecordedByTests {
    let folder = TemporaryFolder()

    @Test("A fill keeps the account that recorded it and the one that voided it; the command line's have none")
    func recordedAndVoidedBy() throws {
        let path = folder.file("who.sqlite")
        let logbook = Logbook(path: path, clock: fixedClock)
        var request = try fill("A", "32", at: "2026-01-01")
        request.recordedBy = "ali"
        let recorded = try logbook.recordFill(request).record
        #expect(recorded.recordedBy == "ali" && recorded.voidedBy == nil)
        let voided = try logbook.voidFill(id: recorded.id, reason: "wrong cylinder", voidedBy: "bo")
        #expect(voided.recordedBy == "ali" && voided.voidedBy == "bo" && voided.voidReason == "wrong cylinder")
        let plain = try logbook.recordFill(fill("A", "36", at: "2026-01-02")).record
        let plainVoid = try logbook.voidFill(id: plain.id, reason: "test", voidedBy: nil)
        #expect(plainVoid.recordedBy == nil && plainVoid.voidedBy == nil)
        #expect(try rows("SELECT recorded_by FROM fills ORDER BY id", in: path) == [["ali"], ["NULL"]])
        #expect(try rows("SELECT voided_by FROM voids ORDER BY fill_id", in: path) == [["bo"], ["NULL"]])

        // The export appends both, after label_he (and before gas accounting's five columns and the
        // compressor room's one, empty for these fills); JSON has them as strings or null.
        #expect(FillLogFormat.columns.dropLast(6).suffix(3) == ["label_he", "recorded_by", "voided_by"])
        var bytes: [UInt8] = []
        FillLogFormat.appendCSVRow(voided, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self).hasSuffix(",0,ali,bo,,,,,,\r\n"))
        bytes = []
        FillLogFormat.appendCSVRow(plainVoid, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self).hasSuffix(",0,,,,,,,,\r\n"))
        let noStart = #""start_bar":null,"start_o2":null,"start_he":null,"top_off_o2":null,"bill_to":null,"compressor":null}"#
        #expect(FillLogFormat.json(voided).text.hasSuffix(#""label_he":0,"recorded_by":"ali","voided_by":"bo","# + noStart))
        #expect(FillLogFormat.json(plainVoid).text.hasSuffix(#""label_he":0,"recorded_by":null,"voided_by":null,"# + noStart))
    }

    @Test("The import's column numbers are the format's")
    func columnNumbers() {
        let columns = FillLogFormat.columns
        #expect(columns[ImportedFill.Column.labelHe] == "label_he")
        #expect(columns[ImportedFill.Column.recordedBy] == "recorded_by")
        #expect(columns[ImportedFill.Column.voidedBy] == "voided_by")
        #expect(columns[ImportedFill.Column.startBar] == "start_bar")
        #expect(columns[ImportedFill.Column.startO2] == "start_o2")
        #expect(columns[ImportedFill.Column.startHe] == "start_he")
        #expect(columns[ImportedFill.Column.topOffO2] == "top_off_o2")
        #expect(columns[ImportedFill.Column.billTo] == "bill_to")
        #expect(columns[ImportedFill.Column.compressor] == "compressor")
        #expect(columns.count == ImportedFill.Column.compressor + 1)
    }
}
