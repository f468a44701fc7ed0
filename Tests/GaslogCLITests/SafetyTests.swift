import Foundation
import Testing

extension Sandbox {
    /// Runs SQL with the `sqlite3` shell, as someone tampering with the file
    /// would: foreign keys off, no gaslog involved. Its status must be looked at.
    func shell(_ sql: String) -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [db, sql]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try! process.run()
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

@Suite("Safety: current gas, richer readings, refusals and the audit trail")
struct SafetyTests {
    @Test("A fill dated more than 5 minutes ahead is refused, and nothing is written")
    func futureFillRefused() {
        let sandbox = Sandbox()
        sandbox.ok("fill", "Padded", "--o2", "36", "--at", "2026-01-01")
        let before = sandbox.dump()
        // Six minutes past the sandbox's clock, 2026-11-30T12:00:00Z.
        let refused = sandbox.gaslog("fill", "Padded", "--o2", "32", "--at", "2026-11-30T12:06:00Z")
        #expect(refused.status == 64, "\(refused)")
        #expect(refused.errorLines.count == 1)
        // Human messages give local time (TZ is UTC here) with its offset.
        #expect(
            refused.stderr.contains("the fill time 2026-11-30 12:06 +00:00 is in the future: it is now 2026-11-30 12:00 +00:00"),
            "\(refused)")
        #expect(refused.stdout.isEmpty)
        #expect(sandbox.dump() == before)
        #expect(sandbox.gaslog("mod", "Padded").stdout.hasPrefix("Padded: EAN 36 — MOD 29 m"))
    }

    @Test("An import row dated in the future is a bad row: exit 65, line, column and value, nothing imported")
    func futureImportRowRefused() {
        let sandbox = Sandbox()
        let csv =
            csvHeader + "\r\n,2026-01-01T00:00:00Z,A,EAN 32,32,1.4,34,111,,,,,,,\r\n"
            + ",2026-11-30T12:06:00Z,A,EAN 32,32,1.4,34,111,,,,,,,\r\n"
        let result = sandbox.gaslog("import", sandbox.write("future.csv", csv))
        #expect(result.status == 65, "\(result)")
        #expect(result.errorLines.count == 1)
        #expect(
            result.stderr.contains("line 3") && result.stderr.contains("column filled_at")
                && result.stderr.contains("'2026-11-30T12:06:00Z'") && result.stderr.contains("future"))
        #expect(sandbox.query("SELECT count(*) FROM fills") == "0")
    }

    @Test("A future-dated fill already in an older logbook is passed over, with a note naming it")
    func futureFillInOldLogbookPassedOver() throws {
        let sandbox = Sandbox()
        sandbox.ok("fill", "Padded", "--o2", "36", "--at", "2026-01-02")
        // As an older gaslog would have stored it, a day past the sandbox's clock.
        let inserted = sandbox.shell(
            """
            INSERT INTO fills (cylinder_id, filled_at, o2_permille, ppo2_centibar, label, mod_m, mod_ft, recorded_at)
            VALUES (1, '2026-12-01T00:00:00Z', 320, 140, 'EAN 32', 34, 111, '2026-01-01T00:00:00Z')
            """)
        #expect(inserted.status == 0, "\(inserted.stderr)")
        let mod = sandbox.gaslog("mod", "Padded")
        #expect(
            mod.stdout == "Padded: EAN 36 — MOD 29 m at ppO₂ 1.4 (from fill 1 of 2026-01-02; "
                + "fill 2 of 2026-12-01 is dated in the future and passed over)\n", "\(mod)")
        let object = try #require(json(sandbox.gaslog("mod", "Padded", "--json")) as? [String: Any])
        #expect(object["label"] as? String == "EAN 36" && object["fill_id"] as? Int == 1)
        #expect(object["future_fill_ids"] as? [Int] == [2])
        let list = sandbox.gaslog("list").stdout
        #expect(list.contains("EAN 36") && list.contains("fill 2 of 2026-12-01 is dated in the future"), "\(list)")
    }

    /// (blender, diver, accept, expected label, metres, feet)
    static let readings: [(String, String, Bool, String, Int, Int)] = [
        // The cases: the richer reading decides, in either order.
        ("32", "34", true, "EAN 34", 31, 103),
        ("34", "32", true, "EAN 34", 31, 103),
        ("32", "33", false, "EAN 33", 32, 107),
        ("33", "32", false, "EAN 33", 32, 107),
        ("32.5", "32.4", false, "EAN 32.5", 33, 109),
        ("21", "21.9", false, "EAN 21.9", 54, 178),
    ]

    @Test(
        "The label and MOD come from the richer of the two readings; both readings are kept as entered",
        arguments: readings)
    func richerReadingDecides(blender: String, diver: String, accept: Bool, label: String, metres: Int, feet: Int) throws {
        let sandbox = Sandbox()
        var arguments = ["fill", "Club 03", "--o2", blender, "--diver-o2", diver, "--at", "2026-03-01", "--json"]
        if accept { arguments.append("--accept-difference") }
        let record = try #require(json(sandbox.run(arguments)) as? [String: Any])
        #expect(record["label"] as? String == label)
        #expect(record["mod_m"] as? Int == metres && record["mod_ft"] as? Int == feet)
        #expect((record["o2"] as? NSNumber)?.stringValue == blender)
        #expect((record["diver_o2"] as? NSNumber)?.stringValue == diver)
        let richer = (Double(blender)! > Double(diver)!) ? blender : diver
        #expect((record["label_o2"] as? NSNumber)?.stringValue == richer)
        #expect(sandbox.gaslog("mod", "Club 03").stdout.hasPrefix("Club 03: \(label) — MOD \(metres) m"))
        #expect(
            sandbox.query("SELECT o2_permille || ',' || diver_o2_permille FROM fills")
                == "\(Int(Double(blender)! * 10)),\(Int(Double(diver)! * 10))")
    }

    @Test("Readings outside the tolerance are refused in either order without --accept-difference")
    func toleranceInBothOrders() {
        let sandbox = Sandbox()
        #expect(sandbox.gaslog("fill", "A", "--o2", "32", "--diver-o2", "34").status == 65)
        #expect(sandbox.gaslog("fill", "A", "--o2", "34", "--diver-o2", "32").status == 65)
        // Refused before the logbook is opened: not even the file is created.
        #expect(!FileManager.default.fileExists(atPath: sandbox.db))
    }

    @Test("label_o2: export → import → export byte for byte; older exports import; a foreign label_o2 is a bad row")
    func labelO2RoundTrip() throws {
        let sandbox = Sandbox()
        sandbox.ok("fill", "A", "--o2", "32", "--diver-o2", "34", "--accept-difference", "--at", "2026-01-01")
        sandbox.ok("fill", "B", "--o2", "36", "--diver-o2", "35.5", "--at", "2026-01-02")
        sandbox.ok("fill", "C", "--o2", "40", "--at", "2026-01-03")
        let export = sandbox.gaslog("export").stdout
        let rows = parseCSV(export)
        #expect(rows[0][17] == "label_o2")
        #expect(rows.dropFirst().map { $0[17] } == ["34", "36", "40"])
        let other = Sandbox()
        #expect(other.gaslog("import", other.write("all.csv", export)).status == 0)
        #expect(other.gaslog("export").stdout == export)

        // An older export: no label_o2, so the label was the blender's reading.
        let old =
            safetyHeader.replacingOccurrences(of: ",label_o2", with: "")
            + "\r\n7,2026-02-01T00:00:00Z,Old,EAN 32,32,1.4,34,111,,,,,34,,,,nearest\r\n"
        let older = Sandbox()
        #expect(older.gaslog("import", older.write("old.csv", old)).status == 0)
        #expect(parseCSV(older.gaslog("export").stdout)[1][17] == "32")
        // mod answers with the diver's richer 34% and says the tag shows more.
        let mod = older.gaslog("mod", "Old").stdout
        #expect(
            mod == "Old: EAN 34 — MOD 31 m at ppO₂ 1.4 (from fill 7 of 2026-02-01; the tag shows 34 m, "
                + "the gas allows only 31 m; re-tag the cylinder)\n", "\(mod)")
        #expect(older.gaslog("log").stdout.contains("EAN 34"))
        let tag = older.gaslog("tag", "7").stdout
        // The tag shows the depth the richer reading allows, and says the stored tag shows more.
        #expect(tag.contains("the MOD uses the diver's 34%") && tag.contains("allows only 31 m / 103 ft"), "\(tag)")
        #expect(tag.contains("MOD:         31 m / 103 ft at ppO₂ 1.4") && !tag.contains("MOD:         34 m"), "\(tag)")

        for (value, status) in [("33", Int32(65)), ("34", 0), ("32", 0), ("", 0), ("x", 65)] {
            let row = safetyHeader + "\r\n,2026-02-01T00:00:00Z,X,,32,1.4,,,,,,,34,,,,nearest,\(value)\r\n"
            let target = Sandbox()
            let result = target.gaslog("import", target.write("row.csv", row))
            #expect(result.status == status, "label_o2 \(value): \(result)")
            if status == 65 {
                #expect(result.stderr.contains("column label_o2"), "\(result)")
            }
        }
    }

    @Test("mod and list name the fill the gas comes from, passing over voids, with no fills and when retired")
    func provenance() throws {
        let sandbox = Sandbox()
        sandbox.ok("fill", "Club 01", "--o2", "32", "--at", "2025-11-28T10:00:00Z")
        sandbox.ok("fill", "Club 01", "--o2", "36", "--at", "2025-11-29T10:00:00Z")
        sandbox.ok("fill", "Club 01", "--o2", "40", "--at", "2025-11-29T11:00:00Z")
        sandbox.ok("void", "2", "--reason", "wrong cylinder")
        sandbox.ok("void", "3", "--reason", "analyser drift")
        #expect(
            sandbox.gaslog("mod", "Club 01").stdout
                == "Club 01: EAN 32 — MOD 34 m at ppO₂ 1.4 (from fill 1 of 2025-11-28; fills 3, 2 are void)\n")
        let object = try #require(json(sandbox.gaslog("mod", "Club 01", "--json")) as? [String: Any])
        #expect(object["fill_id"] as? Int == 1 && object["filled_at"] as? String == "2025-11-28T10:00:00Z")
        #expect(object["void_fill_ids"] as? [Int] == [3, 2] && object["retired"] as? Bool == false)

        sandbox.ok("cylinder", "add", "Never")
        let never = sandbox.gaslog("mod", "Never")
        #expect(never.status == 65 && never.stderr.contains("has no fills yet"), "\(never)")
        sandbox.ok("fill", "Voided", "--o2", "32", "--at", "2025-11-01")
        sandbox.ok("void", "4", "--reason", "x")
        let voided = sandbox.gaslog("mod", "Voided")
        #expect(voided.status == 65 && voided.stderr.contains("all its fills are void"), "\(voided)")

        sandbox.ok("cylinder", "retire", "Club 01", "--reason", "failed hydro")
        let retired = sandbox.gaslog("mod", "Club 01")
        #expect(retired.status == 0 && retired.stdout.contains("(from fill 1 of 2025-11-28; retired; fills 3, 2 are void)"), "\(retired)")
        let listed = try #require(json(sandbox.gaslog("list", "--json")) as? [[String: Any]])
        #expect(listed.map { $0["cylinder"] as? String } == ["Club 01", "Never", "Voided"])
        #expect(listed.map { $0["retired"] as? Bool } == [true, false, false])
        #expect(listed[1]["mod"] is NSNull && listed[1]["fill_id"] is NSNull)
        let table = sandbox.gaslog("list").stdout
        #expect(table.contains("has no fills yet") && table.contains("no current gas (all fills void)"), "\(table)")
        #expect(table.contains("retired; fills 3, 2 are void"), "\(table)")
    }

    @Test("blend refuses a retired or out-of-test cylinder as fill does, unless overridden")
    func blendRefusals() {
        let sandbox = Sandbox()
        sandbox.ok("cylinder", "add", "Hydro", "--hydro", "2015-01-01", "--visual", "2026-01-01", "--o2-clean", "--working-pressure", "232")
        sandbox.ok("cylinder", "add", "Visual", "--hydro", "2026-01-01", "--visual", "2019-01-01", "--o2-clean", "--working-pressure", "232")
        sandbox.ok("cylinder", "add", "Gone", "--hydro", "2026-01-01", "--visual", "2026-01-01", "--o2-clean", "--working-pressure", "232")
        sandbox.ok("cylinder", "retire", "Gone", "--reason", "dented")
        for (name, rule) in [("Hydro", "hydrostatic test"), ("Visual", "visual inspection"), ("Gone", "retired")] {
            let refused = sandbox.gaslog("blend", name, "--target", "32", "--to", "200", "--from", "0")
            #expect(refused.status == 65 && refused.stdout.isEmpty, "\(name): \(refused)")
            #expect(refused.stderr.contains(rule), "\(name): \(refused)")
            let planned = sandbox.gaslog("blend", name, "--target", "32", "--to", "200", "--from", "0", "--override", "booked")
            #expect(planned.status == 0 && planned.stdout.contains("EAN 32"), "\(name): \(planned)")
            #expect(planned.stderr.contains("planned despite"))
        }
    }

    @Test("cylinder list and show mark an overdue inspection OVERDUE")
    func overdueMarked() throws {
        let sandbox = Sandbox()
        sandbox.ok("cylinder", "add", "Late", "--hydro", "2015-01-01", "--visual", "2019-06-01")
        let list = sandbox.gaslog("cylinder", "list").stdout
        #expect(list.contains("2020-01-01 OVERDUE") && list.contains("2020-06-01 OVERDUE"), "\(list)")
        #expect(list.contains("OVERDUE: hydrostatic test and visual inspection") && !list.contains("in service"), "\(list)")
        let show = sandbox.gaslog("cylinder", "show", "Late").stdout
        #expect(show.contains("(valid through 2020-01-01) OVERDUE"), "\(show)")
        #expect(show.contains("Status:            OVERDUE: hydrostatic test and visual inspection"), "\(show)")
        let object = try #require(json(sandbox.gaslog("cylinder", "show", "Late", "--json")) as? [String: Any])
        #expect(object["hydro_overdue"] as? Bool == true && object["visual_overdue"] as? Bool == true)
    }

    @Test("Cylinders cannot be deleted from the sqlite3 shell, and log and export never drop a fill silently")
    func cylindersNeverDeleted() {
        let sandbox = Sandbox()
        sandbox.ok("fill", "A", "--o2", "32", "--at", "2026-01-01")
        sandbox.ok("fill", "B", "--o2", "36", "--at", "2026-01-02")
        sandbox.ok("fill", "B", "--o2", "40", "--at", "2026-01-03")
        let refused = sandbox.shell("DELETE FROM cylinders")
        #expect(refused.status != 0 && refused.stderr.contains("never deleted"), "\(refused)")
        #expect(sandbox.query("SELECT count(*) FROM cylinders") == "2")

        // Someone who drops the trigger first can delete; gaslog then says so.
        #expect(sandbox.shell("DROP TRIGGER cylinders_are_never_deleted; DELETE FROM cylinders WHERE name = 'B'").status == 0)
        for arguments in [["log"], ["export"], ["export", "--format", "json"], ["log", "--json"]] {
            let result = sandbox.run(arguments)
            #expect(result.status == 74, "\(arguments): \(result)")
            #expect(result.stdout.isEmpty, "\(arguments): \(result)")
            // One error: an `error:` line, or with --json one JSON line (#35).
            #expect(result.stderrLines.count == 1 && (result.errorLines.count == 1) != arguments.contains("--json"), "\(result)")
            #expect(result.stderr.contains("fills 2, 3") && result.stderr.contains("changed outside gaslog"), "\(result)")
        }
        #expect(sandbox.gaslog("log", "A").status == 0)

        // A new cylinder never takes the deleted one's id, and with it its fills.
        sandbox.ok("fill", "Zulu", "--o2", "21", "--at", "2026-01-04")
        #expect(sandbox.gaslog("log", "Zulu", "--json").stdout.components(separatedBy: "\"id\"").count == 2)
        #expect(sandbox.gaslog("export").status == 74)
    }

    @Test("blend starts from the richer reading of the last fill")
    func blendFromRicherReading() {
        let sandbox = Sandbox()
        sandbox.ok("fill", "Kilo", "--o2", "32", "--diver-o2", "34", "--accept-difference", "--pressure", "100", "--at", "2026-01-01")
        let plan = sandbox.gaslog("blend", "Kilo", "--target", "36", "--to", "200")
        // From 100 bar of EAN 34: O2 = (200·(0.36−0.21) − 100·(0.34−0.21)) / 0.79 = 21.5 bar, read down to 21.
        #expect(plan.stdout.contains("from 100 bar of EAN 34") && plan.stdout.contains("add 21 bar O2"), "\(plan)")
    }
}
