import Foundation
import GaslogCore
import NitroxCalculator
import Testing

@testable import LogbookStore

@Suite("Shipped migrations never change, and every earlier schema upgrades to today's")
struct SchemaHistoryTests {
    let folder = TemporaryFolder()

    /// FNV-1a, 64 bits: enough to notice any edit, written here so that the
    /// pin depends on nothing in the code under test.
    static func fingerprint(_ bytes: [UInt8]) -> UInt64 {
        bytes.reduce(0xcbf2_9ce4_8422_2325 as UInt64) { hash, byte in (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    }

    /// Each shipped migration's size and fingerprint. Append a line when a new
    /// migration ships; never change one.
    static let shipped: [(name: String, bytes: Int, fingerprint: UInt64)] = [
        ("0001_create_logbook.sql", 3304, 0x2412_2fab_0080_a808),
        ("0002_cylinder_register.sql", 1529, 0xf65b_1322_9a09_a58b),
        ("0003_mod_rounding.sql", 341, 0xd827_7627_50b3_3d91),
        ("0004_safety.sql", 3158, 0x7875_88cf_e0ec_31ed),
        ("0005_register_history.sql", 2710, 0x2769_7cff_b804_d8d1),
        ("0006_helium.sql", 4095, 0x2b2f_3c55_5eb9_59b6),
        ("0007_accounts.sql", 3863, 0xba75_49b7_854c_38ed),
        ("0008_audit_trail.sql", 2543, 0x1813_1995_6486_d367),
        ("0009_name_keys.sql", 4704, 0xf212_df94_83aa_2c3e),
        ("0010_strict_cylinder_events.sql", 3009, 0x3210_bf19_c0f5_9806),
    ]

    @Test("The text of every shipped migration is pinned")
    func shippedMigrationsArePinned() throws {
        #expect(Migration.all.count >= Self.shipped.count)
        for (migration, pinned) in zip(Migration.all, Self.shipped) {
            let path = MigrationTests.migrationsFolder + "/" + pinned.name
            let bytes = try #require(FileManager.default.contents(atPath: path), "\(pinned.name) is missing")
            let message = Comment(rawValue: "\(pinned.name) has shipped and must never change: put the change in a new migration instead")
            #expect(migration.name == pinned.name, message)
            #expect(bytes.count == pinned.bytes, message)
            #expect(Self.fingerprint(Array(bytes)) == pinned.fingerprint, message)
        }
    }

    /// Schema 1 as logbooks created before commit e5e4ee5 have it: with the
    /// index on filled_at that a later edit removed from 0001.
    static let originalFirstMigration = Migration(
        version: 1, name: "0001_create_logbook.sql",
        bytes: Array((Migration.all[0].sql + "\nCREATE INDEX fills_by_time ON fills (filled_at);\n").utf8))

    func schema(of path: String) throws -> [[String]] {
        try rows("SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY type, name", in: path)
    }

    static let earlierSchemas: [(version: Int, withOldIndex: Bool)] =
        (1..<Migration.latestVersion).flatMap { [($0, false), ($0, true)] }

    @Test(
        "A logbook made by each earlier schema, with data, upgrades to exactly the schema of a new one",
        arguments: earlierSchemas)
    func upgradeFromEarlierSchema(version: Int, withOldIndex: Bool) throws {
        let fresh = folder.file("fresh.sqlite")
        try Logbook(path: fresh).setUnitPreference(.metric, actor: nil)

        let path = folder.file("schema\(version).sqlite")
        do {
            let database = try Database(path: path, mode: .readWriteCreate)
            var migrations = Array(Migration.all.prefix(version))
            if withOldIndex { migrations[0] = Self.originalFirstMigration }
            try Migrator.migrate(database, migrations: migrations)
            try database.execute(
                script: """
                    INSERT INTO cylinders (id, name, name_key, created_at) VALUES (1, 'Club 07', 'club 07', '2025-01-01T00:00:00Z');
                    INSERT INTO fills (id, cylinder_id, filled_at, o2_permille, ppo2_centibar, label, mod_m, mod_ft,
                                       diver_o2_permille, recorded_at)
                    VALUES (1, 1, '2025-01-02T00:00:00Z', 320, 140, 'EAN 32', 34, 111, 340, '2025-01-02T00:00:00Z'),
                           (2, 1, '2025-01-03T00:00:00Z', 360, 140, 'EAN 36', 29, 95, NULL, '2025-01-03T00:00:00Z');
                    INSERT INTO voids (fill_id, reason, voided_at) VALUES (2, 'wrong cylinder', '2025-01-03T01:00:00Z');
                    INSERT INTO settings (key, value) VALUES ('unit', 'imperial');
                    """)
            if version >= 2 {
                try database.execute(script: "UPDATE cylinders SET serial = 'AB1', hydro_date = '2024-01-01' WHERE id = 1")
            }
        }

        let logbook = Logbook(path: path)
        let gas = try logbook.currentGas(of: CylinderName(parsing: "club 07"))
        #expect(try rows("PRAGMA user_version", in: path) == [[String(Migration.latestVersion)]])
        #expect(try schema(of: path) == schema(of: fresh))
        #expect(try rows("PRAGMA integrity_check", in: path) == [["ok"]])

        // The data came through: the void, the setting, and the old fill's
        // label, which came from the blender's reading.
        #expect(try logbook.unitPreference() == .imperial)
        let fill = try #require(gas.fill)
        #expect(fill.id == 1 && fill.labelMix == fill.mix && fill.diverMix?.percentText == "34")
        #expect(gas.passedOver == [CurrentGas.PassedOver(id: 2, filledAt: try Timestamp(parsing: "2025-01-03T00:00:00Z"), reason: .void)])
        // It is still the richer reading that decides the depth shown.
        let shown = try fill.shownGas()
        #expect(shown.tagIsDeeper(in: .metric) && fill.mod(in: .metric) == 31 && shown.depth(in: .metric) == 31 && shown.tagDepth(in: .metric) == 34)
        if version >= 2 {
            #expect(try logbook.cylinder(CylinderName(parsing: "Club 07")).serial == "AB1")
        }
    }

    @Test("The schema refuses what gaslog never writes")
    func schemaRules() throws {
        let path = folder.file("rules.sqlite")
        try Logbook(path: path).recordFill(fill("A", "32", at: "2026-01-01"))
        let database = try Database(path: path, mode: .readWrite)
        let long = String(repeating: "x", count: 65)
        for sql in [
            "DELETE FROM cylinders",
            "INSERT INTO cylinders (name, name_key, created_at) VALUES ('\(long)', '\(long)', '2026-01-01T00:00:00Z')",
            "INSERT INTO cylinders (name, name_key, created_at) VALUES ('B', 'b', '2026-01-01 00:00')",
            "UPDATE cylinders SET retired_at = '2026-01-01T00:00:00Z'",
            "UPDATE cylinders SET retired_reason = 'dented'",
            "UPDATE cylinders SET retired_at = 'yesterday', retired_reason = 'dented'",
            "UPDATE cylinders SET name = '\(long)'",
            """
            INSERT INTO fills (cylinder_id, filled_at, o2_permille, ppo2_centibar, label, mod_m, mod_ft, recorded_at)
            VALUES (1, '2026-01-02T00:00:00Z', 320, 140, 'EAN 32', 34, 111, 'now')
            """,
            """
            INSERT INTO fills (cylinder_id, filled_at, o2_permille, ppo2_centibar, label, mod_m, mod_ft, recorded_at,
                               diver_o2_permille, label_o2_permille)
            VALUES (1, '2026-01-02T00:00:00Z', 320, 140, 'EAN 33', 32, 107, '2026-01-02T00:00:00Z', 340, 330)
            """,
            """
            INSERT INTO fills (cylinder_id, filled_at, o2_permille, ppo2_centibar, label, mod_m, mod_ft, recorded_at,
                               label_o2_permille)
            VALUES (1, '2026-01-02T00:00:00Z', 320, 140, 'EAN 40', 25, 82, '2026-01-02T00:00:00Z', 400)
            """,
            "INSERT INTO voids (fill_id, reason, voided_at) VALUES (1, 'x', '2026-01-02')",
        ] {
            #expect(throws: DatabaseError.self, "\(sql)") { try database.execute(script: sql) }
        }
        try database.execute(script: "UPDATE cylinders SET retired_at = '2026-01-01T00:00:00Z', retired_reason = 'dented'")
        #expect(try rows("SELECT retired_reason FROM cylinders", in: path) == [["dented"]])
    }

    @Test("A name of 40 characters with combining marks from an older logbook stays usable; no new one is written")
    func legacyLongNames() throws {
        let path = folder.file("legacy.sqlite")
        let accented = String(repeating: "e\u{301}", count: 40)  // 40 characters, 80 code points
        do {
            let database = try Database(path: path, mode: .readWriteCreate)
            try Migrator.migrate(database, migrations: Array(Migration.all.prefix(3)))
            try database.prepare("INSERT INTO cylinders (name, name_key, created_at) VALUES (?, ?, '2025-01-01T00:00:00Z')")
                .execute([.text(accented), .text(accented)])
        }
        let logbook = Logbook(path: path, clock: fixedClock)
        try logbook.recordFill(fill(accented, "32", at: "2026-01-01"))
        #expect(try logbook.retireCylinder(CylinderName(parsing: accented), reason: "dented", actor: nil).isRetired)
        #expect {
            // x with an acute accent has no precomposed form, so even in NFC
            // this is 66 code points.
            try logbook.recordFill(fill(String(repeating: "x\u{301}", count: 33), "32"))
        } throws: { error in
            (error as! LogbookError).category == .invalid(field: nil)
        }
    }
}

@Suite("Fill times against the logbook's clock")
struct FillClockTests {
    let folder = TemporaryFolder()
    static let now = Timestamp(secondsSinceEpoch: 1_800_000_000)  // 2027-01-15T08:00:00Z

    @Test("A fill may be dated up to 5 minutes ahead, for clock skew; one second more is refused")
    func skewAllowance() throws {
        let logbook = Logbook(path: folder.file("clock.sqlite"), clock: { FillClockTests.now })
        var request = try fill("A", "32")
        request.filledAt = Timestamp(secondsSinceEpoch: Self.now.secondsSinceEpoch + 300)
        #expect(try logbook.recordFill(request).record.filledAt.iso8601 == "2027-01-15T08:05:00Z")
        let future = Timestamp(secondsSinceEpoch: Self.now.secondsSinceEpoch + 301)
        request.filledAt = future
        #expect {
            try logbook.recordFill(request)
        } throws: { error in
            let error = error as! LogbookError
            return error.category == .invalid(field: nil)
                && error.reason == .fillInFuture(filledAt: future, now: Self.now)
        }
        // A fill without a time is recorded at the clock's now.
        #expect(try logbook.recordFill(fill("B", "32")).record.filledAt.iso8601 == "2027-01-15T08:00:00Z")
    }

    @Test("A fill that becomes current as the clock passes its time")
    func currentGasFollowsTheClock() throws {
        let path = folder.file("later.sqlite")
        try Logbook(path: path, clock: { FillClockTests.now }).recordFill(fill("A", "32", at: "2027-01-10"))
        var ahead = try fill("A", "36")
        ahead.filledAt = Timestamp(secondsSinceEpoch: Self.now.secondsSinceEpoch + 200)
        try Logbook(path: path, clock: { FillClockTests.now }).recordFill(ahead)
        // Within the allowance the newer fill is current at once, so a
        // station whose clock runs ahead never shows the older, leaner gas.
        let gas = try Logbook(path: path, clock: { FillClockTests.now }).currentGas(of: CylinderName(parsing: "A"))
        #expect(gas.fill?.mix.percentText == "36" && gas.passedOver.isEmpty)
        // Seen from a clock six minutes behind, it is in the future and passed over.
        let behind = Timestamp(secondsSinceEpoch: Self.now.secondsSinceEpoch - 360)
        let earlier = try Logbook(path: path, clock: { behind }).currentGas(of: CylinderName(parsing: "A"))
        #expect(earlier.fill?.mix.percentText == "32")
        #expect(earlier.passedOver.map(\.reason) == [.future])
    }
}

@Suite("Schema 5: register history and names in NFC")
struct RegisterHistoryMigrationTests {
    let folder = TemporaryFolder()

    @Test("Upgrading keys old names in NFC, keeps a clash apart, and turns retirements into history")
    func upgradeToSchemaFive() throws {
        let path = folder.file("schema4.sqlite")
        do {
            let database = try Database(path: path, mode: .readWriteCreate)
            try Migrator.migrate(database, migrations: Array(Migration.all.prefix(4)))
            // Schema 4 keyed names by lower case only: "Café" typed with a
            // combining accent, and its precomposed twin, were two cylinders.
            try database.execute(
                script: """
                    INSERT INTO cylinders (id, name, name_key, created_at, retired_at, retired_reason)
                    VALUES (1, 'Cafe\u{301}', 'cafe\u{301}', '2025-01-01T00:00:00Z', '2025-06-01T00:00:00Z', 'dented'),
                           (2, 'Tank 2', 'tank 2', '2025-01-01T00:00:00Z', NULL, NULL),
                           (3, 'Re\u{301}serve', 're\u{301}serve', '2025-01-01T00:00:00Z', NULL, NULL),
                           (4, 'r\u{E9}serve', 'r\u{E9}serve', '2025-01-01T00:00:00Z', NULL, NULL);
                    """)
        }
        let logbook = Logbook(path: path, clock: fixedClock)
        // The decomposed name is now found by either spelling.
        let cafe = try logbook.cylinder(CylinderName(parsing: "caf\u{E9}"))
        #expect(cafe.id == 1 && cafe.isRetired)
        #expect(try logbook.history(of: CylinderName(parsing: "Cafe\u{301}")).map(\.kind) == [.retired])
        #expect(try logbook.history(of: CylinderName(parsing: "Tank 2")).isEmpty)
        // Two names that became equal are not merged: the one whose key would
        // change gets a distinct name, recorded as a rename.
        #expect(try logbook.cylinder(CylinderName(parsing: "R\u{E9}serve")).id == 4)
        #expect(try logbook.cylinder(CylinderName(parsing: "R\u{E9}serve #3")).id == 3)
        let clash = try logbook.history(of: CylinderName(parsing: "r\u{E9}serve #3"))
        #expect(clash.map(\.kind) == [.renamed] && clash.first?.oldName == "Re\u{301}serve")
        // The history cannot be rewritten.
        let database = try Database(path: path, mode: .readWrite)
        #expect(throws: DatabaseError.self) { try database.execute(script: "DELETE FROM cylinder_events") }
        #expect(throws: DatabaseError.self) { try database.execute(script: "UPDATE cylinder_events SET reason = 'x'") }
    }

    @Test("Upgrading to helium rebuilds the fills table: ids, voids and rules kept, no helium in old fills, and trimix fills go in")
    func upgradeToSchemaSix() throws {
        let path = folder.file("schema5.sqlite")
        do {
            let database = try Database(path: path, mode: .readWriteCreate)
            try Migrator.migrate(database, migrations: Array(Migration.all.prefix(5)))
            try database.execute(
                script: """
                    INSERT INTO cylinders (id, name, name_key, created_at) VALUES (1, 'Club 07', 'club 07', '2025-01-01T00:00:00Z');
                    INSERT INTO fills (id, cylinder_id, filled_at, o2_permille, ppo2_centibar, label, mod_m, mod_ft,
                                       diver_o2_permille, recorded_at, label_o2_permille)
                    VALUES (5, 1, '2025-01-02T00:00:00Z', 320, 140, 'EAN 34', 31, 103, 340, '2025-01-02T00:00:00Z', 340),
                           (9, 1, '2025-01-03T00:00:00Z', 360, 140, 'EAN 36', 29, 95, NULL, '2025-01-03T00:00:00Z', 360);
                    INSERT INTO voids (fill_id, reason, voided_at) VALUES (9, 'wrong cylinder', '2025-01-03T01:00:00Z');
                    """)
        }
        let logbook = Logbook(path: path, clock: fixedClock)
        #expect(try logbook.currentGas(of: CylinderName(parsing: "Club 07")).fill?.id == 5)
        #expect(
            try rows("SELECT id, he_permille, diver_he_permille, label_he_permille FROM fills ORDER BY id", in: path)
                == [["5", "0", "NULL", "0"], ["9", "0", "NULL", "0"]])
        #expect(try rows("SELECT fill_id FROM voids", in: path) == [["9"]])
        #expect(try rows("PRAGMA foreign_key_check", in: path).isEmpty)
        // The rules came back with the table: fills stay append-only.
        let database = try Database(path: path, mode: .readWrite)
        #expect(throws: DatabaseError.self) { try database.execute(script: "UPDATE fills SET o2_permille = 400 WHERE id = 5") }
        #expect(throws: DatabaseError.self) { try database.execute(script: "DELETE FROM fills WHERE id = 5") }
        // And the new ones hold: helium needs at least 1%, and the sum at most 100%.
        #expect(throws: DatabaseError.self) {
            try database.execute(
                script: """
                    INSERT INTO fills (cylinder_id, filled_at, o2_permille, ppo2_centibar, label, mod_m, mod_ft, recorded_at, he_permille,
                                       label_he_permille)
                    VALUES (1, '2025-02-01T00:00:00Z', 180, 140, 'Tx 18/85', 68, 224, '2025-02-01T00:00:00Z', 850, 850)
                    """)
        }
        // A trimix fill goes into the upgraded logbook.
        var request = try fill("Club 07", "18/45")
        request.filledAt = try Timestamp(parsing: "2026-06-01T00:00:00Z")
        let record = try logbook.recordFill(request).record
        #expect(record.label == "Tx 18/45" && record.modMetres == 68 && record.id == 10)
    }
}
