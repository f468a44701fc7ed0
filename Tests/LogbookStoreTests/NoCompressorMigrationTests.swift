import Foundation
import NitroxCalculator
import Testing

@testable import LogbookStore

@Suite("Schema 14: 'none' means no compressor (#35)")
struct NoCompressorMigrationTests {
    let folder = TemporaryFolder()

    /// A logbook at schema 13 with a compressor named `None` and one named
    /// `Main`, each with its audit entry, as gaslog 13 would have written them.
    func schemaThirteenLogbook() throws -> String {
        let path = folder.file("schema13.sqlite")
        let database = try Database(path: path, mode: .readWriteCreate)
        try Migrator.migrate(database, migrations: Array(Migration.all.prefix(13)), clock: fixedClock)
        try database.writeTransaction { database in
            try database.execute(
                script: """
                    INSERT INTO compressors (id, name, name_key, created_at) VALUES
                        (1, 'None', 'none', '2026-06-01T00:00:00Z'), (2, 'Main', 'main', '2026-06-01T00:00:00Z');
                    """)
            let trail = try AuditTrail(database)
            for id in [1, 2] { try trail.append("compressor add", .compressor, id: id, actor: nil, at: fixedClock()) }
        }
        return path
    }

    @Test("A compressor named none is renamed 'none (compressor)', with an audit entry, and the trail verifies")
    func renamesNone() throws {
        let path = try schemaThirteenLogbook()
        let logbook = Logbook(path: path, clock: fixedClock)
        #expect(try logbook.verifyAudit().entries == 3)
        #expect(try rows("PRAGMA user_version", in: path) == [[String(Migration.latestVersion)]])
        #expect(
            try rows("SELECT id, name, name_key FROM compressors ORDER BY id", in: path) == [
                ["1", "none (compressor)", "none (compressor)"], ["2", "Main", "main"],
            ])
        #expect(try rows("SELECT kind, subject FROM audit WHERE id = 3", in: path) == [["compressor rename", "compressor 1"]])
        // The identity table is append-only again.
        #expect(throws: (any Error).self) {
            try Database(path: path, mode: .readWrite).execute(script: "UPDATE compressors SET name = 'None' WHERE id = 1")
        }
    }

    @Test("A compressor cannot be added under the name none, in any case")
    func refusesNone() throws {
        let logbook = Logbook(path: folder.file("new.sqlite"), clock: fixedClock)
        for name in ["none", "NONE", " None ", "ｎｏｎｅ"] {
            let parsed = try CompressorName(parsing: name)
            #expect(parsed.isNone)
            #expect(throws: LogbookError.self) { try logbook.addCompressor(parsed, CompressorChanges(), actor: nil) }
        }
        #expect(try rows("SELECT count(*) FROM compressors", in: folder.file("new.sqlite")) == [["0"]])
    }
}
