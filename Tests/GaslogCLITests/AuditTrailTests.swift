import Foundation
import Testing

/// The SHA-256 of `bytes` by the `sha256sum` command, a route independent of
/// gaslog's libsodium call.
func sha256sum(_ bytes: [UInt8]) -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
    let input = Pipe(), output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try! process.run()
    input.fileHandleForWriting.write(Data(bytes))
    try! input.fileHandleForWriting.close()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(String(decoding: data, as: UTF8.self).prefix(64))
}

/// Lower-case hex to bytes, written here rather than taken from gaslog.
func bytes(hex: String) -> [UInt8] {
    let digits = Array(hex.utf8)
    return stride(from: 0, to: digits.count, by: 2).map { UInt8(String(decoding: digits[$0..<$0 + 2], as: UTF8.self), radix: 16)! }
}

extension Sandbox {
    /// The README's query: each entry's exact hashed bytes after the previous hash.
    static let canonicalQuery =
        "SELECT id || char(10) || at || char(10) || actor || char(10) || kind || char(10) || subject || char(10) || data FROM audit WHERE id = "

    /// A logbook with a little of everything: fills (one of them creating a
    /// cylinder), a void, register changes and a setting.
    func populated(sourceLocation: SourceLocation = #_sourceLocation) -> Sandbox {
        for arguments in [
            ["cylinder", "add", "Club 01", "--serial", "S-1", "--working-pressure", "232"],
            ["fill", "Club 01", "--o2", "32", "--at", "2026-11-01T10:00:00Z"],
            ["fill", "Club 02", "--o2", "36", "--at", "2026-11-02T10:00:00Z", "--note", "line \"quoted\" é"],
            ["fill", "Club 01", "--o2", "28", "--at", "2026-11-03T10:00:00Z"],
            ["void", "3", "--reason", "wrong cylinder"],
            ["cylinder", "edit", "Club 02", "--owner", "Ann"],
            ["cylinder", "rename", "Club 02", "Club 03"],
            ["cylinder", "retire", "Club 03", "--reason", "dented"],
            ["config", "set", "unit", "imperial"],
            ["fill", "Club 01", "--o2", "30", "--at", "2026-11-04T10:00:00Z"],
        ] {
            ok(arguments, sourceLocation: sourceLocation)
        }
        return self
    }

    /// The head that verify printed.
    func head(sourceLocation: SourceLocation = #_sourceLocation) -> String {
        let result = ok("verify", sourceLocation: sourceLocation)
        return String(result.stdout.split(separator: "\n").last { $0.hasPrefix("Head: ") }?.dropFirst(6) ?? "")
    }

    /// Runs SQL with a trigger of `table` out of the way, then puts it back
    /// word for word, as someone covering their tracks would.
    func withoutTrigger(_ name: String, _ sql: String) {
        let trigger = query("SELECT sql FROM sqlite_schema WHERE type = 'trigger' AND name = '\(name)'")
        precondition(!trigger.isEmpty, "no trigger \(name)")
        let result = shell("DROP TRIGGER \(name); \(sql); \(trigger);")
        precondition(result.status == 0, result.stderr)
    }
}

@Suite("The audit trail: a hash chain of every change, and tampering caught by verify")
struct AuditTrailTests {
    @Test("Every change is an entry, chained by SHA-256 over the documented bytes, as sha256sum computes it")
    func chainMatchesIndependentHash() {
        let sandbox = Sandbox().populated()
        let count = Int(sandbox.query("SELECT count(*) FROM audit"))!
        // 2 cylinders added, 4 fills each with its charge, 1 void, edit, rename, retire, a setting.
        #expect(count == 15)
        #expect(
            sandbox.query("SELECT group_concat(kind, ',') FROM (SELECT kind FROM audit ORDER BY id)")
                == "cylinder add,fill,charge,cylinder add,fill,charge,fill,charge,void,cylinder edit,cylinder rename,cylinder retire,setting,fill,charge"
        )
        var previous = [UInt8](repeating: 0, count: 32)
        for id in 1...count {
            // The shell ends its output with one line feed; the data never holds one.
            let canonical = Array(sandbox.query(Sandbox.canonicalQuery + "\(id)").utf8)
            let expected = sha256sum(previous + canonical)
            #expect(sandbox.query("SELECT hash FROM audit WHERE id = \(id)") == expected, "entry \(id)")
            previous = bytes(hex: expected)
        }
        let verify = sandbox.gaslog("verify")
        #expect(verify.status == 0, "\(verify)")
        #expect(verify.stdout == "Audit trail: 15 entries, every hash and row matches.\nHead: \(sha256sumHex(previous))\n")
        // No secret reaches the trail.
        let password = sandbox.write("password", "correct horse battery\n")
        #expect(sandbox.gaslog("user", "add", "ali", "--role", "admin", "--password-stdin", stdin: password).status == 0)
        #expect(sandbox.query("SELECT count(*) FROM audit WHERE data LIKE '%argon2%' OR data LIKE '%password%'") == "0")
        #expect(sandbox.query("SELECT kind FROM audit ORDER BY id DESC LIMIT 1") == "account add")
    }

    @Test("Each fill's and void's entry holds its row exactly, as SQLite's json_object writes it, filled, voided or imported")
    func entryDataIsTheRow() {
        let sandbox = Sandbox().populated()
        let header =
            "id,filled_at,cylinder,label,o2,ppo2,mod_m,mod_ft,pressure_bar,blender,diver,cert,diver_o2,note,void_reason,override_reason,rounding"
        let csv = sandbox.write(
            "log.csv",
            header + "\r\n"
                + #"100,2026-10-01T10:00:00Z,Club 01,EAN 32,32,1.4,34,111,232,"Zoë ""Z"" Ng",Bo\Diver,NX-1,32.1,"a, b \ c",,,nearest"#
                + "\r\n"
                + "101,2026-10-02T10:00:00Z,Jürgen's AL80,Air,21,1.4,57,187,,,,,,,wrong gas,,nearest\r\n")
        let imported = sandbox.gaslog("import", csv)
        #expect(imported.status == 0, "\(imported)")
        let fillColumns = [
            "id", "cylinder_id", "filled_at", "o2_permille", "ppo2_centibar", "label", "mod_m", "mod_ft", "pressure_centibar", "blender",
            "diver", "cert", "diver_o2_permille", "note", "recorded_at", "override_reason", "rounding", "label_o2_permille", "he_permille",
            "diver_he_permille", "label_he_permille", "recorded_by",
        ]
        // Schema 12's and 13's columns follow, each only when it is not NULL, so that older entries still match.
        let laterColumns = ["start_centibar", "start_o2_permille", "start_he_permille", "top_off_o2_permille", "bill_to", "compressor_id"]
        let fillRow = laterColumns.reduce("json_object(" + fillColumns.map { "'\($0)', f.\($0)" }.joined(separator: ", ") + ")") { row, column in
            "iif(f.\(column) IS NULL, \(row), json_set(\(row), '$.\(column)', f.\(column)))"
        }
        // Every fill has its entry, and the entry's data is its row.
        #expect(sandbox.query("SELECT count(*) FROM fills") == "6")
        #expect(
            sandbox.query(
                "SELECT count(*) FROM fills AS f JOIN audit AS a ON a.subject = 'fill ' || f.id AND a.kind = 'fill' AND a.data = \(fillRow)")
                == "6")
        let voidRow = "json_object('fill_id', v.fill_id, 'reason', v.reason, 'voided_at', v.voided_at, 'voided_by', v.voided_by)"
        #expect(sandbox.query("SELECT count(*) FROM voids") == "2")
        #expect(
            sandbox.query(
                "SELECT count(*) FROM voids AS v JOIN audit AS a ON a.subject = 'void ' || v.fill_id AND a.kind = 'void' AND a.data = \(voidRow)")
                == "2")
        #expect(sandbox.query("SELECT note FROM fills WHERE id = 100") == #"a, b \ c"#)
        #expect(sandbox.gaslog("verify").status == 0)
    }

    private func sha256sumHex(_ bytes: [UInt8]) -> String {
        bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
    }

    @Test("The trail cannot be changed or deleted through SQL while its triggers stand")
    func triggersGuardTheTrail() {
        let sandbox = Sandbox().populated()
        #expect(sandbox.shell("UPDATE audit SET actor = 'x' WHERE id = 2").status != 0)
        #expect(sandbox.shell("DELETE FROM audit WHERE id = 11").status != 0)
        #expect(sandbox.gaslog("verify").status == 0)
    }

    @Test("Dropping the triggers, changing a fill's O2 and restoring the triggers is caught")
    func changedFill() {
        let sandbox = Sandbox().populated()
        sandbox.withoutTrigger(
            "fills_are_append_only_update", "UPDATE fills SET o2_permille = 400, label_o2_permille = 400, label = 'EAN 40' WHERE id = 2")
        let result = sandbox.gaslog("verify")
        #expect(result.status == 65, "\(result)")
        #expect(
            result.errorLines == [
                "error: the audit trail does not hold: fill 2 differs from entry 5, its latest record: it was changed outside gaslog"
            ])
    }

    @Test("A register fact changed directly is caught")
    func changedRegister() {
        let sandbox = Sandbox().populated()
        #expect(sandbox.shell("UPDATE cylinders SET hydro_date = '2026-01-01' WHERE name = 'Club 01'").status == 0)
        let result = sandbox.gaslog("verify")
        #expect(result.status == 65, "\(result)")
        #expect(result.stderr.contains("cylinder 1 differs from entry 1"), "\(result)")
    }

    @Test("A fill or a void inserted directly is caught")
    func insertedRows() {
        let sandbox = Sandbox().populated()
        #expect(
            sandbox.shell(
                """
                INSERT INTO fills (cylinder_id, filled_at, o2_permille, ppo2_centibar, label, mod_m, mod_ft, recorded_at)
                VALUES (1, '2026-11-05T10:00:00Z', 320, 140, 'EAN 32', 34, 111, '2026-11-05T10:00:00Z')
                """
            ).status == 0)
        let fill = sandbox.gaslog("verify")
        #expect(fill.status == 65, "\(fill)")
        #expect(fill.stderr.contains("fill 5 is not in the trail: it was written outside gaslog"), "\(fill)")

        let other = Sandbox().populated()
        #expect(other.shell("INSERT INTO voids (fill_id, reason, voided_at) VALUES (2, 'x', '2026-11-05T10:00:00Z')").status == 0)
        let void = other.gaslog("verify")
        #expect(void.status == 65, "\(void)")
        #expect(void.stderr.contains("void 2 is not in the trail"), "\(void)")
    }

    @Test("An entry changed or deleted in the middle of the trail breaks the chain there")
    func changedOrDeletedEntry() {
        let changed = Sandbox().populated()
        // Entry 7 is fill 3's: each fill before it has its charge's entry after its own.
        changed.withoutTrigger("audit_is_append_only_update", "UPDATE audit SET actor = 'mallory' WHERE id = 7")
        let result = changed.gaslog("verify")
        #expect(result.status == 65, "\(result)")
        #expect(result.stderr.contains("entry 7 (fill, fill 3) does not match its hash"), "\(result)")

        let deleted = Sandbox().populated()
        deleted.withoutTrigger("audit_is_append_only_delete", "DELETE FROM audit WHERE id = 6")
        let gap = deleted.gaslog("verify")
        #expect(gap.status == 65, "\(gap)")
        #expect(gap.stderr.contains("entry 6 is missing: the trail goes from entry 5 to entry 7"), "\(gap)")
    }

    @Test("The last fill deleted with its entry passes verify alone, and verify --expect with an earlier head catches it")
    func deletedLastFill() {
        let sandbox = Sandbox().populated()
        let head = sandbox.head()
        // The last fill, its charge, and their entries, the last two.
        sandbox.withoutTrigger("charges_are_append_only_delete", "DELETE FROM charges WHERE fill_id = 4")
        sandbox.withoutTrigger("fills_are_append_only_delete", "DELETE FROM fills WHERE id = 4")
        sandbox.withoutTrigger("audit_is_append_only_delete", "DELETE FROM audit WHERE id IN (14, 15)")
        // The chain alone cannot show that its end was cut.
        #expect(sandbox.gaslog("verify").status == 0)
        let result = sandbox.gaslog("verify", "--expect", head)
        #expect(result.status == 65, "\(result)")
        #expect(result.stderr.contains("no entry has the hash \(head) noted earlier"), "\(result)")
    }

    @Test("A trail re-chained from a middle entry onward passes verify alone, and verify --expect with an earlier head catches it")
    func rechainedTrail() {
        let sandbox = Sandbox().populated()
        let head = sandbox.head()
        let noted = sandbox.gaslog("verify", "--expect", head)
        #expect(noted.status == 0 && noted.stdout.contains("is entry 15 of the chain"), "\(noted)")
        // Fill 2 becomes EAN 40, its entry says so, and every hash from it on is recomputed.
        sandbox.withoutTrigger(
            "fills_are_append_only_update", "UPDATE fills SET o2_permille = 400, label_o2_permille = 400, label = 'EAN 40' WHERE id = 2")
        // Fill 2's entry is the fifth, after fill 1's charge and Club 02's addition.
        var sql = "UPDATE audit SET data = replace(replace(data, 'o2_permille\":360', 'o2_permille\":400'), 'EAN 36', 'EAN 40') WHERE id = 5;"
        var previous = bytes(hex: sandbox.query("SELECT hash FROM audit WHERE id = 4"))
        for id in 5...15 {
            var canonical = Array(sandbox.query(Sandbox.canonicalQuery + "\(id)").utf8)
            if id == 5 {
                canonical = Array(
                    String(decoding: canonical, as: UTF8.self).replacingOccurrences(of: "o2_permille\":360", with: "o2_permille\":400")
                        .replacingOccurrences(of: "EAN 36", with: "EAN 40").utf8)
            }
            let hash = sha256sum(previous + canonical)
            sql += "UPDATE audit SET hash = '\(hash)' WHERE id = \(id);"
            previous = bytes(hex: hash)
        }
        sandbox.withoutTrigger("audit_is_append_only_update", String(sql.dropLast()))
        #expect(sandbox.gaslog("verify").status == 0)
        let result = sandbox.gaslog("verify", "--expect", head)
        #expect(result.status == 65, "\(result)")
        #expect(result.stderr.contains("no entry has the hash \(head) noted earlier"), "\(result)")
    }

    @Test("audit prints the trail, from a date on, as text or JSON")
    func auditListing() {
        let sandbox = Sandbox().populated()
        let all = sandbox.gaslog("audit", "--json")
        #expect(all.status == 0)
        let entries = json(all) as? [[String: Any]] ?? []
        #expect(entries.count == 15)
        #expect(entries.first?["kind"] as? String == "cylinder add")
        #expect(entries.first?["subject"] as? String == "cylinder 1")
        #expect(entries.first?["actor"] as? String == "")
        #expect(entries.first?["hash"] as? String == sandbox.query("SELECT hash FROM audit WHERE id = 1"))
        let text = sandbox.gaslog("audit", "--since", "2026-11-30")
        #expect(text.status == 0)
        #expect(text.stdout.hasPrefix("1  2026-11-30 12:00 +00:00  cylinder add  cylinder 1\n"), "\(text)")
        let none = sandbox.gaslog("audit", "--since", "2026-12-01T00:00:00Z")
        #expect(none.stdout == "No audit entries.\n")
        #expect(sandbox.gaslog("verify", "--expect", "xyz").status == 64)
    }

    @Test("cylinder show lists the register's changes from the trail, each fact before and after")
    func showListsChanges() throws {
        let sandbox = Sandbox().populated()
        let shown = sandbox.gaslog("cylinder", "show", "Club 03")
        #expect(shown.status == 0)
        let changes = shown.stdout.split(separator: "\n").drop { !$0.hasPrefix("Changes:") }.map(String.init)
        #expect(
            changes == [
                #"Changes:           2026-11-30 12:00 +00:00  cylinder add: name null → "Club 02""#,
                #"                   2026-11-30 12:00 +00:00  cylinder edit: owner null → "Ann""#,
                #"                   2026-11-30 12:00 +00:00  cylinder rename: name "Club 02" → "Club 03""#,
                #"                   2026-11-30 12:00 +00:00  cylinder retire: retired_at null → "2026-11-30T12:00:00Z", retired_reason null → "dented""#,
            ], "\(shown)")
        let object = try #require(json(sandbox.gaslog("cylinder", "show", "Club 01", "--json")) as? [String: Any])
        let first = try #require((object["changes"] as? [[String: Any]])?.first)
        #expect(first["kind"] as? String == "cylinder add" && first["actor"] as? String == "")
        let fields = first["fields"] as? [[String: Any]] ?? []
        #expect(fields.map { $0["field"] as? String } == ["name", "serial", "working_pressure_centibar"])
        #expect(fields.last?["after"] as? Int == 23_200 && fields.last?["before"] is NSNull)
    }
}
