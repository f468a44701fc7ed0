import Foundation
import NitroxCalculator
import Testing

@testable import LogbookStore

@Suite("Schema 8 writes what a logbook held into the audit trail, in the same transaction")
struct AuditBackfillTests {
    let folder = TemporaryFolder()

    /// A logbook at schema 7 with two cylinders, three fills, a void, a setting, an account and a token.
    func schemaSevenLogbook(extra: String = "") throws -> String {
        let path = folder.file("schema7.sqlite")
        let database = try Database(path: path, mode: .readWriteCreate)
        try Migrator.migrate(database, migrations: Array(Migration.all.prefix(7)))
        try database.execute(
            script: """
                INSERT INTO cylinders (id, name, name_key, created_at, serial) VALUES
                    (1, 'Club 07', 'club 07', '2025-01-01T00:00:00Z', 'AB1'), (2, 'Club 08', 'club 08', '2025-01-01T00:00:00Z', NULL);
                INSERT INTO fills (id, cylinder_id, filled_at, o2_permille, ppo2_centibar, label, mod_m, mod_ft, recorded_at, recorded_by)
                VALUES (1, 2, '2025-01-02T00:00:00Z', 320, 140, 'EAN 32', 34, 111, '2025-01-02T00:00:05Z', 'ali'),
                       (2, 1, '2025-01-03T00:00:00Z', 360, 140, 'EAN 36', 29, 95, '2025-01-03T00:00:05Z', NULL),
                       (3, 1, '2025-01-04T00:00:00Z', 300, 140, 'EAN 30', 37, 122, '2025-01-04T00:00:05Z', NULL);
                INSERT INTO voids (fill_id, reason, voided_at, voided_by) VALUES (2, 'wrong cylinder', '2025-01-03T01:00:00Z', 'bo');
                INSERT INTO settings (key, value) VALUES ('unit', 'imperial');
                INSERT INTO accounts (name, name_key, role, password_hash, created_at)
                VALUES ('ali', 'ali', 'admin', '$argon2id$secret', '2025-01-01T00:00:00Z');
                INSERT INTO tokens (account_id, label, token_hash, created_at)
                VALUES (1, 'ci', '\(String(repeating: "ab", count: 32))', '2025-01-01T00:00:00Z');
                \(extra)
                """)
        return path
    }

    @Test("Cylinders, fills, voids, settings, accounts and tokens become the first entries, in id order, and verify holds")
    func backfill() throws {
        let path = try schemaSevenLogbook()
        let logbook = Logbook(path: path, clock: fixedClock)
        let result = try logbook.verifyAudit()
        #expect(result.entries == 9)
        #expect(try rows("PRAGMA user_version", in: path) == [[String(Migration.latestVersion)]])
        #expect(
            try rows("SELECT id, at, actor, kind, subject FROM audit ORDER BY id", in: path) == [
                ["1", "2026-06-15T12:00:00Z", "", "cylinder existing", "cylinder 1"],
                ["2", "2026-06-15T12:00:00Z", "", "cylinder existing", "cylinder 2"],
                ["3", "2025-01-02T00:00:05Z", "ali", "fill", "fill 1"],
                ["4", "2025-01-03T00:00:05Z", "", "fill", "fill 2"],
                ["5", "2025-01-04T00:00:05Z", "", "fill", "fill 3"],
                ["6", "2025-01-03T01:00:00Z", "bo", "void", "void 2"],
                ["7", "2026-06-15T12:00:00Z", "", "setting existing", "setting unit"],
                ["8", "2026-06-15T12:00:00Z", "", "account existing", "account 1"],
                ["9", "2026-06-15T12:00:00Z", "", "token existing", "token 1"],
            ])
        #expect(
            try rows("SELECT data FROM audit WHERE id IN (6, 7, 9) ORDER BY id", in: path) == [
                [#"{"fill_id":2,"reason":"wrong cylinder","voided_at":"2025-01-03T01:00:00Z","voided_by":"bo"}"#],
                [#"{"key":"unit","value":"imperial"}"#],
                [#"{"id":1,"account_id":1,"label":"ci","created_at":"2025-01-01T00:00:00Z","revoked_at":null}"#],
            ])
        // Neither the password hash nor the token hash reaches the trail.
        #expect(try rows("SELECT count(*) FROM audit WHERE data LIKE '%argon2%' OR data LIKE '%abab%'", in: path) == [["0"]])
        // The next change chains on: the fill and its charge.
        try logbook.recordFill(fill("Club 07", "32"))
        #expect(try logbook.verifyAudit().entries == 11)
    }

    @Test("A backfill that fails rolls schema 8 back: the logbook stays at 7, without a trail")
    func failedBackfillRollsBack() throws {
        // A setting key with a line feed cannot be an entry's subject.
        let path = try schemaSevenLogbook(extra: "INSERT INTO settings (key, value) VALUES ('bad' || char(10) || 'key', 'x');")
        #expect(throws: LogbookError.self) { try Logbook(path: path, clock: fixedClock).verifyAudit() }
        #expect(try rows("PRAGMA user_version", in: path) == [["7"]])
        #expect(try rows("SELECT count(*) FROM sqlite_schema WHERE name = 'audit'", in: path) == [["0"]])
    }

    @Test("Every kind of change is an entry, with the account that made it and the logbook's clock")
    func everyChangeIsAnEntry() throws {
        let logbook = Logbook(path: folder.file("new.sqlite"), clock: fixedClock)
        let actor = "ali"
        let name = try CylinderName(parsing: "Club 07")
        try logbook.addCylinder(name, CylinderChanges(serial: "S1"), actor: actor)
        try logbook.editCylinder(name, CylinderChanges(owner: "Ann"), actor: actor)
        try logbook.retireCylinder(name, reason: "dented", actor: actor)
        try logbook.reinstateCylinder(name, reason: "repaired", actor: actor)
        try logbook.renameCylinder(name, to: try CylinderName(parsing: "Club 70"), actor: actor)
        try logbook.set(.unit, to: "imperial", actor: actor)
        let account = try AccountName(parsing: "bo")
        try logbook.addAccount(account, role: .blender, passwordHash: "$argon2id$v=19$x", actor: actor)
        try logbook.setRole(.reader, of: account, actor: actor)
        try logbook.setPasswordHash("$argon2id$v=19$y", of: account, actor: actor)
        let token = try logbook.createToken(for: account, label: "ci", tokenHash: String(repeating: "0f", count: 32), actor: actor)
        try logbook.revokeToken(id: token.id, actor: actor)
        try logbook.removeAccount(account, actor: actor)
        let entries = try logbook.auditEntries()
        #expect(
            entries.map(\.kind) == [
                "cylinder add", "cylinder edit", "cylinder retire", "cylinder reinstate", "cylinder rename", "setting",
                "account add", "account role", "account password", "token create", "token revoke", "account remove",
            ])
        #expect(entries.allSatisfy { $0.actor == "ali" && $0.at == fixedClock() })
        #expect(try logbook.auditHistory(of: try CylinderName(parsing: "Club 70")).count == 5)
        #expect(try logbook.verifyAudit().entries == 12)
    }
}

@Suite("The canonical JSON of an entry's data")
struct AuditCanonicalTests {
    @Test("Quotes and backslashes get a backslash, control characters \\u00xx in lower-case hex, the rest stays as its UTF-8")
    func escaping() {
        var output: [UInt8] = []
        var text = "a\"b\\c\u{1}\u{1F}é\n€ ~"
        text.withUTF8 { AuditRowFormat.appendString($0, to: &output) }
        #expect(String(decoding: output, as: UTF8.self) == #""a\"b\\c\u0001\u001fé\u000a€ ~""#)
        // A run that needs no escape at either end, and nothing at all.
        for (plain, expected) in [("\"", #""\"""#), ("", #""""#), ("\u{0}x", #""\u0000x""#)] {
            var text = plain
            output = []
            text.withUTF8 { AuditRowFormat.appendString($0, to: &output) }
            #expect(String(decoding: output, as: UTF8.self) == expected)
        }
    }

    @Test("Integers as SQLite prints them, the smallest and largest included")
    func integers() {
        let cases = [
            (0, "0"), (7, "7"), (-7, "-7"), (10, "10"), (1_000_000, "1000000"),
            (Int.max, "9223372036854775807"), (Int.min, "-9223372036854775808"),
        ]
        for (value, printed) in cases {
            var output: [UInt8] = []
            AuditRowFormat.appendInteger(value, to: &output)
            #expect(String(decoding: output, as: UTF8.self) == printed)
        }
    }
}
