import Foundation
import Testing

/// A logbook written by the gaslog before #26 made the trail's writing fast,
/// loaded from its `sqlite3 .dump`.
private func olderLogbook() -> Sandbox {
    let sandbox = Sandbox()
    let result = sandbox.shell(".read '\(fixtureURL("schema10-logbook.sql").path)'")
    precondition(result.status == 0, result.stderr)
    return sandbox
}

private func fixtureURL(_ name: String) -> URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/" + name)
}

private func fixture(_ name: String) -> [UInt8] {
    Array(try! Data(contentsOf: fixtureURL(name)))
}

@Suite("A logbook written before the trail was built from the inserted values")
struct OlderLogbookTests {
    /// What that gaslog's verify printed, as the fixture records it.
    static let olderVerify =
        "Audit trail: 18 entries, every hash and row matches.\nHead: 692f5d88b5e8e934b7594a195c4677b40bbf10a958b4f89cb8d9b648cafc29fc\n"

    @Test("It upgrades to the latest schema, verifies with the head it had, and exports as it did, with gas accounting's columns empty")
    func upgradesAndVerifies() {
        let sandbox = olderLogbook()
        #expect(sandbox.query("PRAGMA user_version") == "10")
        let auditBefore = sandbox.query(
            "SELECT quote(id), quote(at), quote(actor), quote(kind), quote(subject), quote(data), quote(hash) FROM audit ORDER BY id")
        let companionsBefore = sandbox.query("SELECT type, name, sql FROM sqlite_schema WHERE tbl_name = 'audit' AND type <> 'table' ORDER BY name")

        let verify = sandbox.gaslog("verify")
        #expect(verify.status == 0, "\(verify)")
        #expect(verify.stdout == Self.olderVerify)
        #expect(sandbox.query("PRAGMA user_version") == "15")
        // Every entry kept its bytes; the index and the triggers are as they were.
        #expect(
            sandbox.query("SELECT quote(id), quote(at), quote(actor), quote(kind), quote(subject), quote(data), quote(hash) FROM audit ORDER BY id")
                == auditBefore)
        #expect(
            sandbox.query("SELECT type, name, sql FROM sqlite_schema WHERE tbl_name = 'audit' AND type <> 'table' ORDER BY name") == companionsBefore)
        let export = sandbox.gaslog("export")
        #expect(export.status == 0)
        // Schemas 12 and 13 append six columns to the export, empty for fills from before them.
        let lines = String(decoding: fixture("schema10-export.csv"), as: UTF8.self).split(separator: "\r\n").map(String.init)
        let appended = lines.enumerated().map { index, line -> String in
            let cells = index == 0 ? ",start_bar,start_o2,start_he,top_off_o2,bill_to,compressor" : ",,,,,,"
            return line + cells + "\r\n"
        }.joined()
        #expect(export.stdout == appended)

        // New entries chain on from the old head, and the whole trail verifies.
        #expect(sandbox.gaslog("fill", "Club 01", "--o2", "30", "--at", "2026-11-05T10:00:00Z").status == 0)
        #expect(sandbox.gaslog("void", "102", "--reason", "test").status == 0)
        let after = sandbox.gaslog("verify")
        #expect(after.status == 0, "\(after)")
        // The fill, its charge and the void.
        #expect(after.stdout.hasPrefix("Audit trail: 21 entries, every hash and row matches.\n"))
    }

    @Test("Schema 11 still refuses a short hash and any change to the trail, and verify catches a hash that is not hex")
    func lighterChecksStillHold() {
        let sandbox = olderLogbook()
        #expect(sandbox.gaslog("verify").status == 0)
        let table = sandbox.query("SELECT sql FROM sqlite_schema WHERE type = 'table' AND name = 'audit'")
        #expect(!table.contains("instr(data") && !table.contains("[^0-9a-f]") && table.contains("length(hash) = 64"))
        let short = sandbox.shell(
            "INSERT INTO audit (id, at, actor, kind, subject, data, hash) VALUES (19, '2026-12-01T00:00:00Z', '', 'fill', 'fill 1', '{}', '\(String(repeating: "a", count: 63))')"
        )
        #expect(short.status != 0 && short.stderr.contains("CHECK constraint failed"), "\(short)")
        let changed = sandbox.shell("UPDATE audit SET data = '{}' WHERE id = 2")
        #expect(changed.status != 0 && changed.stderr.contains("append-only"), "\(changed)")

        // The last entry's hash in upper case: the schema no longer refuses it, and verify names the entry.
        #expect(sandbox.shell("DROP TRIGGER audit_is_append_only_update; UPDATE audit SET hash = upper(hash) WHERE id = 18").status == 0)
        let verify = sandbox.gaslog("verify")
        #expect(verify.status != 0)
        #expect(verify.stderr.contains("entry 18 (fill, fill 102) does not match its hash"), "\(verify)")
    }

    @Test("Its account keeps its password, and user list marks it as set before the strength check")
    func accountKeepsItsPassword() throws {
        let sandbox = olderLogbook()
        let hashBefore = sandbox.query("SELECT password_hash FROM accounts WHERE name = 'ali'")
        let list = sandbox.gaslog("user", "list", "--json")
        #expect(list.status == 0, "\(list)")
        #expect(sandbox.query("PRAGMA user_version") == "15")
        #expect(list.stdout.contains(#""name":"ali","#) && list.stdout.contains(#""password_checked":false"#), "\(list)")
        #expect(sandbox.gaslog("user", "list").stdout.contains("set before the strength check"))
        #expect(sandbox.query("SELECT password_hash FROM accounts WHERE name = 'ali'") == hashBefore)
        #expect(sandbox.gaslog("verify").status == 0)
    }
}
