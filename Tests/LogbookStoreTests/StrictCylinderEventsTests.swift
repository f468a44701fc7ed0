import Foundation
import NitroxCalculator
import Testing

@testable import LogbookStore

@Suite("Schema 10: cylinder_events becomes STRICT, every event kept as it was")
struct StrictCylinderEventsTests {
    let folder = TemporaryFolder()

    /// Every column of every event, quoted, with its storage class.
    static let events = """
        SELECT quote(id), typeof(id), quote(cylinder_id), typeof(cylinder_id), quote(at), typeof(at), quote(kind), typeof(kind),
               quote(old_name), typeof(old_name), quote(new_name), typeof(new_name), quote(reason), typeof(reason)
        FROM cylinder_events ORDER BY id
        """

    /// The table's indexes and triggers, as sqlite_schema holds them.
    static let companions =
        "SELECT type, name, tbl_name, sql FROM sqlite_schema WHERE tbl_name = 'cylinder_events' AND type <> 'table' ORDER BY type, name"

    static func tableSQL(in path: String) throws -> String {
        try #require(rows("SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = 'cylinder_events'", in: path).first?.first)
    }

    /// A logbook at schema 9 whose register has changed as gaslog 9 changes
    /// it: each change with its event and its audit entry, in one
    /// transaction. The event ids have gaps, as they would after a rolled
    /// back transaction.
    func schemaNineLogbook() throws -> String {
        let path = folder.file("schema9.sqlite")
        let database = try Database(path: path, mode: .readWriteCreate)
        try database.execute(script: "PRAGMA foreign_keys = ON")
        try Migrator.migrate(database, migrations: Array(Migration.all.prefix(9)), clock: fixedClock)
        let changes: [(sql: String, kind: String, subject: AuditSubject, id: Int, actor: String?)] = [
            (
                "INSERT INTO cylinders (id, name, name_key, created_at) VALUES (1, 'Club 01', 'club 01', '2026-01-01T10:00:00Z')",
                "cylinder add", .cylinder, 1, nil
            ),
            (
                """
                INSERT INTO cylinders (id, name, name_key, created_at, serial, o2_clean)
                VALUES (2, 'Twin 12', 'twin 12', '2026-01-01T10:01:00Z', 'S-9', 1)
                """,
                "cylinder add", .cylinder, 2, "ana"
            ),
            (
                """
                UPDATE cylinders SET name = 'Réserve 1', name_key = 'réserve 1' WHERE id = 1;
                INSERT INTO cylinder_events (id, cylinder_id, at, kind, old_name, new_name)
                VALUES (3, 1, '2026-02-01T09:00:00Z', 'renamed', 'Club 01', 'Réserve 1')
                """,
                "cylinder rename", .cylinder, 1, "ana"
            ),
            (
                """
                UPDATE cylinders SET retired_at = '2026-03-01T09:00:00Z', retired_reason = 'dented; it''s out' WHERE id = 2;
                INSERT INTO cylinder_events (id, cylinder_id, at, kind, reason)
                VALUES (7, 2, '2026-03-01T09:00:00Z', 'retired', 'dented; it''s out')
                """,
                "cylinder retire", .cylinder, 2, nil
            ),
            (
                """
                UPDATE cylinders SET retired_at = NULL, retired_reason = NULL WHERE id = 2;
                INSERT INTO cylinder_events (id, cylinder_id, at, kind, reason)
                VALUES (8, 2, '2026-04-01T09:00:00Z', 'reinstated', 'hydro passed 🤿')
                """,
                "cylinder reinstate", .cylinder, 2, "bo"
            ),
            (
                """
                INSERT INTO fills (id, cylinder_id, filled_at, o2_permille, ppo2_centibar, label, mod_m, mod_ft, recorded_at, recorded_by)
                VALUES (1, 2, '2026-04-02T09:00:00Z', 320, 140, 'EAN 32', 34, 111, '2026-04-02T09:00:05Z', 'bo')
                """,
                "fill", .fill, 1, "bo"
            ),
        ]
        for change in changes {
            try database.writeTransaction { database in
                try database.execute(script: change.sql)
                try AuditTrail(database).append(change.kind, change.subject, id: change.id, actor: change.actor, at: fixedClock())
            }
        }
        #expect(try AuditVerifier.verify(database, expecting: nil).entries == changes.count)
        return path
    }

    @Test("A schema-9 logbook with renames, a retirement and a reinstatement upgrades: same ids, values and types, STRICT, and verify passes")
    func upgrade() throws {
        let path = try schemaNineLogbook()
        let eventsBefore = try shell(Self.events, in: path)
        let companionsBefore = try rows(Self.companions, in: path)
        let tableBefore = try Self.tableSQL(in: path)
        let auditBefore = try shell("SELECT * FROM audit ORDER BY id", in: path)
        #expect(try shell("PRAGMA user_version", in: path) == "9\n")
        #expect(try shell("SELECT strict FROM pragma_table_list WHERE name = 'cylinder_events'", in: path) == "0\n")
        #expect(
            eventsBefore == """
                3|integer|1|integer|'2026-02-01T09:00:00Z'|text|'renamed'|text|'Club 01'|text|'Réserve 1'|text|NULL|null
                7|integer|2|integer|'2026-03-01T09:00:00Z'|text|'retired'|text|NULL|null|NULL|null|'dented; it''s out'|text
                8|integer|2|integer|'2026-04-01T09:00:00Z'|text|'reinstated'|text|NULL|null|NULL|null|'hydro passed 🤿'|text

                """)

        // Opening the logbook upgrades it; the trail still holds, with no entry added.
        let logbook = Logbook(path: path, clock: fixedClock)
        #expect(try logbook.verifyAudit().entries == 6)
        #expect(try shell("PRAGMA user_version", in: path) == "\(Migration.latestVersion)\n")
        #expect(try shell("SELECT strict FROM pragma_table_list WHERE name = 'cylinder_events'", in: path) == "1\n")
        #expect(try shell(Self.events, in: path) == eventsBefore)
        #expect(try shell("SELECT * FROM audit ORDER BY id", in: path) == auditBefore)
        #expect(try rows("PRAGMA integrity_check", in: path) == [["ok"]])
        #expect(try rows("PRAGMA foreign_key_check", in: path).isEmpty)

        // The columns and constraints are schema 5's, now STRICT; the index
        // and triggers are made again word for word.
        let tableAfter = try Self.tableSQL(in: path)
        #expect(tableBefore.hasPrefix("CREATE TABLE cylinder_events ("))
        #expect(tableAfter.hasPrefix("CREATE TABLE \"cylinder_events\" ("))
        #expect(tableAfter.drop(while: { $0 != "(" }) == tableBefore.drop(while: { $0 != "(" }) + " STRICT")
        #expect(try rows(Self.companions, in: path) == companionsBefore)
        #expect(
            companionsBefore.map { $0[1] } == [
                "cylinder_events_by_cylinder", "cylinder_events_are_never_changed", "cylinder_events_are_never_deleted",
            ])

        // The history reads as before, and goes on with the next id.
        #expect(try logbook.history(of: CylinderName(parsing: "Club 01")).map(\.kind) == [.renamed])
        #expect(try logbook.history(of: CylinderName(parsing: "Twin 12")).map(\.reason) == ["dented; it's out", "hydro passed 🤿"])
        try logbook.retireCylinder(CylinderName(parsing: "Twin 12"), reason: "sold", actor: nil)
        #expect(try rows("SELECT id, kind, reason FROM cylinder_events WHERE id > 8", in: path) == [["9", "retired", "sold"]])
        #expect(try logbook.verifyAudit().entries == 7)

        // The rules came back with the table, and STRICT adds its own.
        let database = try Database(path: path, mode: .readWrite)
        #expect(throws: DatabaseError.self) { try database.execute(script: "UPDATE cylinder_events SET reason = 'x' WHERE id = 7") }
        #expect(throws: DatabaseError.self) { try database.execute(script: "DELETE FROM cylinder_events WHERE id = 3") }
        #expect(throws: DatabaseError.self) {
            try database.execute(
                script: "INSERT INTO cylinder_events (cylinder_id, at, kind, reason) VALUES (2, '2026-05-01T00:00:00Z', 'retired', x'41')")
        }
    }

    @Test("A blob that the sqlite3 shell put in a name or reason becomes the text of the same bytes; nothing else changes")
    func blobBecomesText() throws {
        let path = try schemaNineLogbook()
        do {
            let database = try Database(path: path, mode: .readWrite)
            try database.execute(
                script: """
                    INSERT INTO cylinder_events (id, cylinder_id, at, kind, reason)
                    VALUES (9, 2, '2026-05-01T09:00:00Z', 'retired', CAST('valve 🤿' AS BLOB));
                    INSERT INTO cylinder_events (id, cylinder_id, at, kind, old_name, new_name)
                    VALUES (10, 1, '2026-05-02T09:00:00Z', 'renamed', x'52c3a9736572766520', CAST('Club 1' AS BLOB))
                    """)
        }
        let before = try shell(Self.events + " LIMIT 3", in: path)
        #expect(
            try shell("SELECT typeof(reason), typeof(old_name), typeof(new_name) FROM cylinder_events WHERE id > 8", in: path)
                == "blob|null|null\nnull|blob|blob\n")

        #expect(try Logbook(path: path, clock: fixedClock).verifyAudit().entries == 6)
        #expect(try shell(Self.events + " LIMIT 3", in: path) == before)
        #expect(
            try shell(
                "SELECT id, quote(reason), typeof(reason), quote(old_name), typeof(old_name), quote(new_name), typeof(new_name) FROM cylinder_events WHERE id > 8",
                in: path)
                == "9|'valve 🤿'|text|NULL|null|NULL|null\n10|NULL|null|'Réserve '|text|'Club 1'|text\n")
    }

    @Test("An event whose cylinder_id is not an integer, and so refers to no cylinder, stops the upgrade, which changes nothing")
    func strayCylinderIDRefused() throws {
        let path = try schemaNineLogbook()
        do {
            let database = try Database(path: path, mode: .readWrite)
            try database.execute(
                script: """
                    PRAGMA foreign_keys = OFF;
                    INSERT INTO cylinder_events (id, cylinder_id, at, kind, reason) VALUES (9, 'two', '2026-05-01T09:00:00Z', 'retired', 'x');
                    """)
        }
        #expect(throws: LogbookError.self) { try Logbook(path: path, clock: fixedClock).verifyAudit() }
        #expect(try shell("PRAGMA user_version", in: path) == "9\n")
        #expect(try shell("SELECT quote(cylinder_id) FROM cylinder_events WHERE id = 9", in: path) == "'two'\n")
        #expect(try shell("SELECT strict FROM pragma_table_list WHERE name = 'cylinder_events'", in: path) == "0\n")
    }
}
