import Foundation
import NitroxCalculator
import Testing

@testable import LogbookStore

@Suite("Migrations and database files")
struct MigrationTests {
    let folder = TemporaryFolder()

    /// The migrations folder, found from this file so the test runs anywhere.
    static let migrationsFolder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("migrations").path

    @Test("Every file in migrations/ is embedded, in order, and applied")
    func everyMigrationIsApplied() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.migrationsFolder)
            .filter { $0.hasSuffix(".sql") }.sorted()
        #expect(!files.isEmpty)
        #expect(Migration.all.map(\.name) == files)
        #expect(Migration.all.map(\.version) == Array(1...files.count))
        for (migration, file) in zip(Migration.all, files) {
            let source = try String(contentsOfFile: Self.migrationsFolder + "/" + file, encoding: .utf8)
            #expect(migration.sql == source, "\(file) differs from the embedded copy")
            #expect(file.hasPrefix(String(format: "%04d_", migration.version)))
        }

        let path = folder.file("new.sqlite")
        try Logbook(path: path).recordFill(fill("A", "32"))
        #expect(try rows("PRAGMA user_version", in: path) == [[String(Migration.latestVersion)]])
        #expect(Migration.latestVersion == files.count)
        #expect(try rows("PRAGMA journal_mode", in: path) == [["wal"]])
        let tables = try rows("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name", in: path).map { $0[0] }
        let all = [
            "accounts", "adjustments", "air_tests", "audit", "charges", "compressor_log", "compressor_versions", "compressors",
            "cylinder_events", "cylinders", "fills", "payment_voids", "payments", "prices", "settings", "tokens", "voids",
        ]
        #expect(tables == all)
        let strict = try rows("SELECT name FROM pragma_table_list WHERE schema = 'main' AND strict = 1 ORDER BY name", in: path)
        #expect(strict.map { $0[0] } == all)
    }

    @Test("Reading a logbook that does not exist creates nothing")
    func readsCreateNothing() throws {
        let path = folder.file("sub/dir/none.sqlite")
        let logbook = Logbook(path: path)
        #expect(try logbook.unitPreference() == .metric)
        #expect(try logbook.currentGases().isEmpty)
        #expect(try logbook.history(FillQuery()).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: folder.file("sub")))
    }

    @Test("A first write creates the database and its folders")
    func firstWriteCreatesFolders() throws {
        let path = folder.file("a/b/c/log.sqlite")
        try Logbook(path: path).setUnitPreference(.imperial, actor: nil)
        #expect(try Logbook(path: path).unitPreference() == .imperial)
    }

    @Test("A newer schema is refused and the file left untouched")
    func newerSchemaRefused() throws {
        let path = folder.file("newer.sqlite")
        try Logbook(path: path).recordFill(fill("A", "32"))
        do {
            let database = try Database(path: path, mode: .readWrite)
            try database.execute(script: "PRAGMA journal_mode = DELETE; PRAGMA user_version = \(Migration.latestVersion + 1)")
        }
        let before = bytes(of: path)
        for attempt in [{ _ = try Logbook(path: path).unitPreference() }, { try Logbook(path: path).recordFill(fill("B", "32")) }] {
            #expect {
                try attempt()
            } throws: { error in
                let error = error as! LogbookError
                guard case .databaseUnusable(.newerSchema(_, let version)) = error.reason else { return false }
                return error.category == .unusable(.damaged) && version == Migration.latestVersion + 1
            }
        }
        #expect(bytes(of: path) == before)
    }

    @Test("A file that is not SQLite is refused and left untouched")
    func notSQLiteRefused() throws {
        let path = folder.file("notes.txt")
        let content = Data(String(repeating: "not a database\n", count: 100).utf8)
        _ = FileManager.default.createFile(atPath: path, contents: content)
        #expect(throws: LogbookError.self) { try Logbook(path: path).recordFill(fill("A", "32")) }
        #expect(throws: LogbookError.self) { try Logbook(path: path).currentGases() }
        #expect(bytes(of: path) == content)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test("A truncated database is refused and left untouched")
    func truncatedRefused() throws {
        let path = folder.file("cut.sqlite")
        // Filled, and closed, as by an earlier run of gaslog: while this
        // process holds a connection, the header is not read outside SQLite.
        do {
            let logbook = Logbook(path: path)
            for index in 0..<300 {
                try logbook.recordFill(fill("Cylinder \(index % 40)", "32", note: String(repeating: "n", count: 200)))
            }
        }
        let whole = bytes(of: path)!
        let cut = whole.prefix(whole.count / 2)
        try cut.write(to: URL(fileURLWithPath: path))
        try? FileManager.default.removeItem(atPath: path + "-wal")
        try? FileManager.default.removeItem(atPath: path + "-shm")
        #expect {
            try Logbook(path: path).recordFill(fill("A", "32"))
        } throws: { error in
            guard case .databaseUnusable(.truncated) = (error as! LogbookError).reason else { return false }
            return true
        }
        #expect(bytes(of: path) == cut)
    }

    @Test("O2, ppO2, pressure and text read back exactly")
    func exactReadBack() throws {
        let path = folder.file("exact.sqlite")
        let logbook = Logbook(path: path)
        let note = "Ünïcödé ✓ 🤿\nsecond line, \"quoted\" 'x'); DROP TABLE fills;--"
        var request = try fill("x'); DROP TABLE fills;--", "32.5", ppo2: "1.45", at: "2026-02-28T23:59:59+01:00", note: note)
        request.pressure = try Pressure(parsing: "3000psi", preferred: .metric)
        request.blender = "Zoë"
        request.diverMix = try GasMix(parsing: "32.1")
        let stored = try logbook.recordFill(request).record
        let read = try Logbook(path: path).currentGas(of: CylinderName(parsing: "X'); drop table FILLS;--")).fill!
        #expect(read == stored)
        #expect(read.cylinder == "x'); DROP TABLE fills;--")
        #expect(read.mix.percentText == "32.5")
        #expect(read.partialPressure.text == "1.45")
        #expect(read.filledAt.iso8601 == "2026-02-28T22:59:59Z")
        #expect(read.note == note)
        #expect(read.pressure?.displayText(in: .imperial) == "3000 psi")
        #expect(read.modMetres == MaximumOperatingDepth(mix: read.mix, partialPressure: read.partialPressure).metres)
        #expect(
            try rows("SELECT o2_permille, ppo2_centibar, mod_m, mod_ft FROM fills", in: path)
                == [["325", "145", "35", "114"]])
    }

    @Test("Fills and voids cannot be changed or deleted, even with SQL")
    func appendOnly() throws {
        let path = folder.file("audit.sqlite")
        try Logbook(path: path).recordFill(fill("A", "32"))
        try Logbook(path: path).voidFill(id: 1, reason: "test", voidedBy: nil)
        let database = try Database(path: path, mode: .readWrite)
        for sql in ["DELETE FROM fills", "UPDATE fills SET o2_permille = 400", "DELETE FROM voids", "UPDATE voids SET reason = 'x'"] {
            #expect(throws: DatabaseError.self, "\(sql)") { try database.execute(script: sql) }
        }
    }
}
