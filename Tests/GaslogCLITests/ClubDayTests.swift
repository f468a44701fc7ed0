import Foundation
import TestSupport
import Testing

/// Issue 12: a club day without surprises. Commands run in this process, on a
/// fixed clock; those in another time zone launch the built binary, on the
/// same clock, since local time follows the process's own `TZ`.
@Suite("A club day: local time, names that look alike, register corrections and one voice")
struct ClubDayTests {
    static let sydney = ["TZ": "Australia/Sydney"]  // +11:00 in November
    static let losAngeles = ["TZ": "America/Los_Angeles"]  // −08:00 in November

    func exported(_ sandbox: Sandbox) -> [[String]] {
        parseCSV(sandbox.gaslog("export").stdout).dropFirst().map { $0 }
    }

    /// The export through the built binary.
    func exportedThroughBinary(_ sandbox: Sandbox) -> [[String]] {
        parseCSV(sandbox.binary("export").stdout).dropFirst().map { $0 }
    }

    // MARK: Time

    @Test("Typed times without Z or an offset are local, and a date alone is local midnight")
    func typedTimesAreLocal() throws {
        let sandbox = Sandbox()
        #expect(sandbox.binary("fill", "A", "--o2", "32", "--at", "2025-11-30 00:30", environment: Self.sydney).status == 0)
        #expect(sandbox.binary("fill", "B", "--o2", "32", "--at", "2025-11-30", environment: Self.losAngeles).status == 0)
        #expect(sandbox.binary("fill", "C", "--o2", "32", "--at", "2025-11-30T00:30Z", environment: Self.sydney).status == 0)
        #expect(sandbox.binary("fill", "D", "--o2", "32", "--at", "2025-11-30T09:00+01:00", environment: Self.losAngeles).status == 0)
        #expect(sandbox.binary("fill", "E", "--o2", "32", "--at", "2025-11-30", environment: ["TZ": "UTC"]).status == 0)
        // CSV stays in UTC.
        #expect(
            exportedThroughBinary(sandbox).map { $0[1] } == [
                "2025-11-29T13:30:00Z", "2025-11-30T08:00:00Z", "2025-11-30T00:30:00Z", "2025-11-30T08:00:00Z", "2025-11-30T00:00:00Z",
            ])
    }

    @Test("Human output shows local time with the offset; JSON stays in UTC")
    func humanOutputIsLocal() throws {
        let sandbox = Sandbox()
        let fill = sandbox.binary("fill", "A", "--o2", "32", "--at", "2025-11-30T08:05:00Z", environment: Self.sydney)
        #expect(fill.stdout.contains("2025-11-30 19:05 +11:00"), "\(fill)")
        #expect(sandbox.binary("log", environment: Self.sydney).stdout.contains("2025-11-30 19:05 +11:00"))
        #expect(sandbox.binary("log", environment: Self.losAngeles).stdout.contains("2025-11-30 00:05 -08:00"))
        #expect(sandbox.binary("log", environment: ["TZ": "UTC"]).stdout.contains("2025-11-30 08:05 +00:00"))
        #expect(sandbox.binary("list", environment: Self.sydney).stdout.contains("2025-11-30 19:05 +11:00"))
        #expect(sandbox.binary("tag", "1", environment: Self.losAngeles).stdout.contains("2025-11-30 00:05 -08:00"))
        // The provenance names the fill's local date.
        #expect(sandbox.binary("mod", "A", environment: Self.sydney).stdout.contains("from fill 1 of 2025-11-30"))
        let late = sandbox.binary("fill", "B", "--o2", "32", "--at", "2025-11-30T07:30:00Z", environment: Self.losAngeles)
        #expect(late.stdout.contains("2025-11-29 23:30 -08:00"))
        #expect(sandbox.binary("mod", "B", environment: Self.losAngeles).stdout.contains("from fill 2 of 2025-11-29"))
        let object = try #require(json(sandbox.binary("log", "--json", "--limit", "1", environment: Self.sydney)) as? [[String: Any]])
        #expect(object.first?["filled_at"] as? String == "2025-11-30T08:05:00Z")
    }

    @Test("--since and --until take whole local days, including a fill just after local midnight")
    func localDays() throws {
        let sandbox = Sandbox()
        // 23:59 on the 29th and 00:01 on the 30th, Sydney time.
        sandbox.okBinary("fill", "A", "--o2", "32", "--at", "2025-11-29T12:59:00Z")
        sandbox.okBinary("fill", "A", "--o2", "32", "--at", "2025-11-29T13:01:00Z")
        func ids(_ arguments: String..., environment: [String: String]) throws -> [Int] {
            let result = sandbox.runBinary(["log", "--json"] + arguments, environment: environment)
            return try #require(json(result) as? [[String: Any]], "\(result)").map { $0["id"] as! Int }
        }
        #expect(try ids("--since", "2025-11-30", environment: Self.sydney) == [2])
        #expect(try ids("--until", "2025-11-29", environment: Self.sydney) == [1])
        #expect(try ids("--since", "2025-11-29", "--until", "2025-11-29", environment: Self.sydney) == [1])
        // In UTC both fills are on the 29th.
        #expect(try ids("--since", "2025-11-29", "--until", "2025-11-29", environment: ["TZ": "UTC"]) == [2, 1])
        #expect(try ids("--since", "2025-11-30", environment: ["TZ": "UTC"]) == [])
        // In Los Angeles both are on the 29th too, in the early morning.
        #expect(try ids("--since", "2025-11-29T04:00", "--until", "2025-11-29T05:00", environment: Self.losAngeles) == [1])
        let csv = sandbox.binary("export", "--since", "2025-11-30", environment: Self.sydney).stdout
        #expect(parseCSV(csv).dropFirst().map { $0[0] } == ["2"])
    }

    @Test("A fill's date for the inspection checks is its local calendar date")
    func inspectionDatesAreLocal() {
        let sandbox = Sandbox()
        // Valid through 2025-11-29. 20:00 UTC on the 29th is already the 30th in Sydney.
        sandbox.okBinary("cylinder", "add", "T", "--hydro", "2024-01-01", "--visual", "2024-11-29", "--working-pressure", "232", "--o2-clean")
        let sydney = sandbox.binary("fill", "T", "--o2", "32", "--at", "2025-11-29T20:00:00Z", environment: Self.sydney)
        #expect(sydney.status == 65 && sydney.stderr.contains("visual inspection"), "\(sydney)")
        let utc = sandbox.binary("fill", "T", "--o2", "32", "--at", "2025-11-29T20:00:00Z", environment: ["TZ": "UTC"])
        #expect(utc.status == 0, "\(utc)")
    }

    // MARK: Names

    @Test("é typed as one code point or as e + U+0301 is one cylinder, stored in NFC")
    func canonicalEquivalence() throws {
        let sandbox = Sandbox()
        #expect(sandbox.gaslog("fill", "Cafe\u{301} 1", "--o2", "32").status == 0)
        #expect(sandbox.gaslog("fill", "CAF\u{C9} 1", "--o2", "36").status == 0)
        let listed = try #require(json(sandbox.gaslog("list", "--json")) as? [[String: Any]])
        #expect(listed.count == 1)
        // Stored in NFC, in the first spelling's case.
        #expect(sandbox.query("SELECT hex(name) FROM cylinders") == "436166C3A92031")
        #expect(sandbox.gaslog("mod", "caf\u{E9} 1").stdout.hasPrefix("Caf\u{E9} 1: EAN 36"))
        let added = sandbox.gaslog("cylinder", "add", "cafe\u{301} 1")
        #expect(added.status == 65 && added.stderr.contains("already in the log"))
    }

    @Test(
        "Invisible and direction-changing characters are refused in names, people and certificates; ZWJ and notes keep any text",
        arguments: [0x00AD, 0x061C, 0x200B, 0x200E, 0x200F, 0x202A, 0x202E, 0x2060, 0x2064, 0x2066, 0x2069, 0xFEFF])
    func invisibleCharacters(codePoint: Int) {
        let sandbox = Sandbox()
        sandbox.ok("cylinder", "add", "B")
        let before = sandbox.dump()
        let invisible = "A\(Character(Unicode.Scalar(UInt32(codePoint))!))B"
        let hex = String(codePoint, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: 4 - hex.count) + hex
        for arguments in [
            ["fill", invisible, "--o2", "32"], ["fill", "A", "--o2", "32", "--blender", invisible],
            ["fill", "A", "--o2", "32", "--diver", invisible], ["fill", "A", "--o2", "32", "--cert", invisible],
            ["cylinder", "add", invisible], ["cylinder", "edit", "B", "--owner", invisible],
        ] {
            let result = sandbox.run(arguments)
            #expect(result.status == 64 && result.stderr.contains(code), "\(arguments): \(result)")
        }
        #expect(sandbox.dump() == before)
        #expect(sandbox.gaslog("fill", "A", "--o2", "32", "--note", invisible).status == 0)
    }

    @Test("The zero-width joiner stays allowed, for emoji sequences")
    func zeroWidthJoiner() {
        let sandbox = Sandbox()
        #expect(sandbox.gaslog("fill", "Tank \u{1F469}\u{200D}\u{1F527}", "--o2", "32", "--blender", "\u{1F469}\u{200D}\u{1F527}").status == 0)
    }

    @Test("Tables line up whatever the text: wide characters take two columns, combining marks none")
    func tablesLineUp() throws {
        let sandbox = Sandbox()
        for name in ["Tank AB", "Tank \u{65E5}\u{672C}", "Tank Zo\u{308}", "Tank \u{1F642}"] {
            sandbox.ok("fill", name, "--o2", "32", "--at", "2025-11-01T00:00:00Z")
        }
        let lines = sandbox.gaslog("list").stdout.split(separator: "\n").map(String.init)
        // Widths: "Tank 日本" 9, "Tank 🙂" 7, "Tank Zö" 7, "Tank AB" 7; the column is 9 wide, then two spaces.
        #expect(lines.contains("Tank AB    EAN 32  32    1.4   34 m  1     2025-11-01 00:00 +00:00"), "\(lines)")
        #expect(lines.contains("Tank \u{65E5}\u{672C}  EAN 32  32    1.4   34 m  2     2025-11-01 00:00 +00:00"), "\(lines)")
        #expect(lines.contains("Tank Zo\u{308}    EAN 32  32    1.4   34 m  3     2025-11-01 00:00 +00:00"), "\(lines)")
        #expect(lines.contains("Tank \u{1F642}    EAN 32  32    1.4   34 m  4     2025-11-01 00:00 +00:00"), "\(lines)")
    }

    @Test("The human log cuts a long note to the terminal width with …; the export and JSON keep it")
    func longNotesAreCut() throws {
        let sandbox = Sandbox()
        let note = String(repeating: "valve stiff, check o-ring ", count: 12)
        sandbox.ok("fill", "A", "--o2", "32", "--note", note)
        for columns in [80, 120] {
            let lines = sandbox.gaslog("log", environment: ["COLUMNS": "\(columns)"]).stdout.split(separator: "\n")
            #expect(lines.allSatisfy { $0.count <= columns }, "\(lines)")
            #expect(lines[1].hasSuffix("…") && lines[1].count == columns, "\(lines)")
        }
        let object = try #require(json(sandbox.gaslog("log", "--json")) as? [[String: Any]])
        #expect(object.first?["note"] as? String == note)
        #expect(exported(sandbox).first?[13] == note)
    }

    // MARK: Register corrections

    @Test("fill-creates-cylinders: no refuses a new name with the nearest registered ones; yes warns within one edit")
    func typosAreCaught() {
        let sandbox = Sandbox()
        sandbox.ok("cylinder", "add", "Club 01")
        sandbox.ok("cylinder", "add", "Club 10")
        let warned = sandbox.gaslog("fill", "Club 1", "--o2", "32")
        #expect(warned.status == 0 && warned.stderr.contains("'Club 1' is one edit away from 'Club 01' and 'Club 10'"), "\(warned)")
        #expect(sandbox.gaslog("config", "get", "fill-creates-cylinders").stdout == "yes\n")
        #expect(sandbox.gaslog("config", "set", "fill-creates-cylinders", "no").status == 0)
        #expect(sandbox.gaslog("config", "set", "fill-creates-cylinders", "maybe").status == 64)
        let before = sandbox.dump()
        let refused = sandbox.gaslog("fill", "Club 011", "--o2", "32")
        #expect(refused.status == 65, "\(refused)")
        #expect(refused.stderr.contains("did you mean 'Club 01'?"), "\(refused)")
        let unrelated = sandbox.gaslog("fill", "Zebra", "--o2", "32")
        #expect(unrelated.status == 65 && unrelated.stderr.contains("gaslog cylinder add Zebra"), "\(unrelated)")
        #expect(sandbox.dump() == before)
        #expect(sandbox.gaslog("fill", "club 01", "--o2", "32").status == 0)
    }

    @Test("rename: the fills follow, the old name stays in the history and still finds the fills")
    func rename() throws {
        let sandbox = Sandbox()
        sandbox.ok("fill", "Clbu 03", "--o2", "32", "--at", "2025-11-01T00:00:00Z")
        sandbox.ok("fill", "Club 04", "--o2", "32", "--at", "2025-11-01T00:00:00Z")
        let renamed = sandbox.gaslog("cylinder", "rename", "clbu 03", "Club 03")
        #expect(renamed.status == 0 && renamed.stdout.contains("Earlier names:     'Clbu 03' (until "), "\(renamed)")
        #expect(renamed.stdout.contains("renamed from 'Clbu 03' to 'Club 03'"))
        #expect(sandbox.gaslog("mod", "Club 03").stdout.hasPrefix("Club 03: EAN 32"))
        // The old name still finds the cylinder, with a warning naming the current name.
        let byOldMod = sandbox.gaslog("mod", "Clbu 03")
        #expect(byOldMod.status == 0 && byOldMod.stdout.hasPrefix("Club 03: EAN 32"), "\(byOldMod)")
        // Then EAN 32's density at its MOD, 5.8 g/L (#35).
        #expect(byOldMod.stderrLines.first == "warning: 'Clbu 03' is an earlier name of 'Club 03'; using that cylinder")
        #expect(exported(sandbox).map { $0[2] } == ["Club 03", "Club 04"])
        let byOldName = try #require(json(sandbox.gaslog("log", "Clbu 03", "--json")) as? [[String: Any]])
        #expect(byOldName.map { $0["cylinder"] as? String } == ["Club 03"])
        let shown = try #require(json(sandbox.gaslog("cylinder", "show", "Club 03", "--json")) as? [String: Any])
        let earlier = try #require(shown["earlier_names"] as? [[String: Any]])
        #expect(earlier.count == 1 && earlier[0]["name"] as? String == "Clbu 03")
        // A name belongs to one cylinder; a new name follows the name rules.
        #expect(sandbox.gaslog("cylinder", "rename", "Club 03", "club 04").status == 65)
        #expect(sandbox.gaslog("cylinder", "rename", "Club 03", "A\u{200B}").status == 64)
        #expect(sandbox.gaslog("cylinder", "rename", "Nobody", "X").status == 65)
        // A change of case only is a rename too.
        #expect(sandbox.gaslog("cylinder", "rename", "Club 03", "CLUB 03").status == 0)
        #expect(sandbox.query("SELECT count(*) FROM cylinder_events WHERE kind = 'renamed'") == "2")
    }

    @Test("reinstate: a retired cylinder goes back in service, and both events stay in its history")
    func reinstate() throws {
        let sandbox = Sandbox()
        sandbox.ok("fill", "A", "--o2", "32")
        #expect(sandbox.gaslog("cylinder", "reinstate", "A", "--reason", "x").status == 65)
        sandbox.ok("cylinder", "retire", "A", "--reason", "failed hydro")
        #expect(sandbox.gaslog("fill", "A", "--o2", "32").status == 65)
        #expect(sandbox.gaslog("cylinder", "reinstate", "A").status == 64)
        let back = sandbox.gaslog("cylinder", "reinstate", "a", "--reason", "passed on retest")
        #expect(back.status == 0 && back.stdout.contains("Status:            in service"), "\(back)")
        #expect(back.stdout.contains("retired: failed hydro") && back.stdout.contains("reinstated: passed on retest"))
        #expect(sandbox.gaslog("fill", "A", "--o2", "32").status == 0)
        let shown = try #require(json(sandbox.gaslog("cylinder", "show", "A", "--json")) as? [String: Any])
        let history = try #require(shown["history"] as? [[String: Any]])
        #expect(history.map { $0["event"] as? String } == ["retired", "reinstated"])
        #expect(history.map { $0["reason"] as? String } == ["failed hydro", "passed on retest"])
        #expect(shown["retired"] as? Bool == false)
    }

    @Test(
        "edit --clear empties each register fact",
        arguments: [
            ("serial", "serial"), ("owner", "owner"), ("volume", "volume_l"), ("working-pressure", "working_pressure_bar"),
            ("hydro", "hydro"), ("visual", "visual"), ("o2-clean", "o2_clean"), ("note", "note"),
        ])
    func clearFacts(field: String, key: String) throws {
        let sandbox = Sandbox()
        sandbox.ok(
            "cylinder", "add", "A", "--serial", "S1", "--owner", "Ann", "--volume", "12", "--working-pressure", "232",
            "--hydro", "2024-01-01", "--visual", "2025-01-01", "--o2-clean", "--note", "blue")
        let before = try #require(json(sandbox.gaslog("cylinder", "show", "A", "--json")) as? [String: Any])
        let cleared = try #require(json(sandbox.gaslog("cylinder", "edit", "A", "--clear", field, "--json")) as? [String: Any])
        #expect(!(before[key] is NSNull) && cleared[key] is NSNull)
        // Every other fact is kept.
        for other in ["serial", "owner", "volume_l", "working_pressure_bar", "hydro", "visual", "o2_clean", "note"] where other != key {
            #expect(!(cleared[other] is NSNull), "\(other) was lost")
        }
    }

    @Test("edit --clear takes several fields, refuses an unknown one and one also being set")
    func clearSeveral() throws {
        let sandbox = Sandbox()
        sandbox.ok("cylinder", "add", "A", "--serial", "S1", "--owner", "Ann", "--note", "blue")
        let cleared = try #require(
            json(sandbox.gaslog("cylinder", "edit", "A", "--clear", "serial,owner", "--clear", "note", "--json")) as? [String: Any])
        #expect(cleared["serial"] is NSNull && cleared["owner"] is NSNull && cleared["note"] is NSNull)
        let unknown = sandbox.gaslog("cylinder", "edit", "A", "--clear", "colour")
        #expect(unknown.status == 64 && unknown.stderr.contains("invalid value 'colour' for --clear"))
        #expect(sandbox.gaslog("cylinder", "edit", "A", "--clear", "owner", "--owner", "Bo").status == 64)
    }

    // MARK: Pressure

    @Test("fill echoes the stored pressure, and a bare number under 50 bar warns with the other reading")
    func pressureInTheWrongUnit() {
        let sandbox = Sandbox()
        let imperial = sandbox.gaslog("fill", "A", "--o2", "32", "--pressure", "232", "--unit", "imperial", "--at", "2025-01-01")
        #expect(imperial.status == 0)
        #expect(imperial.stdout.contains(", 232 psi)"), "\(imperial)")
        #expect(imperial.stderr.contains("warning: 232 psi is 16 bar; if you meant 232 bar, write 232bar"), "\(imperial)")
        let metric = sandbox.gaslog("fill", "A", "--o2", "32", "--pressure", "30", "--at", "2026-01-02")
        #expect(metric.stderr.contains("warning: 30 bar is 435 psi; if you meant 30 psi, write 30psi"), "\(metric)")
        for quiet in [["--pressure", "232"], ["--pressure", "3000", "--unit", "imperial"], ["--pressure", "232psi"], ["--pressure", "30bar"]] {
            let result = sandbox.run(["fill", "A", "--o2", "32", "--at", "2026-01-03"] + quiet)
            #expect(result.status == 0 && !result.stderr.contains("if you meant"), "\(quiet): \(result)")
        }
        #expect(sandbox.gaslog("fill", "A", "--o2", "32", "--pressure", "3000psi", "--at", "2026-01-04").stdout.contains(", 206.8 bar)"))
        // What is left in a cylinder before a blend may well be under 50 bar.
        #expect(!sandbox.gaslog("blend", "A", "--target", "32", "--to", "200", "--from", "30", "--from-gas", "air").stderr.contains("if you meant"))
    }

    // MARK: One voice

    @Test("log and export filter by blender, diver, gas and overrides; log marks void and overridden fills and shows the certificate")
    func filters() throws {
        let sandbox = Sandbox()
        sandbox.ok("cylinder", "add", "R", "--no-o2-clean")
        sandbox.ok("fill", "A", "--o2", "32", "--blender", "Zo\u{EB}", "--diver", "Bo", "--cert", "PADI-7")
        sandbox.ok("fill", "B", "--o2", "36", "--blender", "Ann", "--diver", "bo")
        sandbox.ok("fill", "R", "--o2", "50", "--blender", "Ann", "--override", "owner's own cylinder")
        sandbox.ok("fill", "A", "--o2", "31", "--diver-o2", "32", "--blender", "ann")
        sandbox.ok("void", "2", "--reason", "wrong tank")
        func ids(_ arguments: String...) throws -> [Int] {
            let result = sandbox.run(["log", "--json"] + arguments)
            return try #require(json(result) as? [[String: Any]], "\(result)").map { $0["id"] as! Int }
        }
        #expect(try ids("--blender", "ANN") == [4, 3, 2])
        #expect(try ids("--blender", "zoe\u{308}") == [1])
        #expect(try ids("--diver", "BO") == [2, 1])
        #expect(try ids("--gas", "EAN32") == [4, 1])
        #expect(try ids("--gas", "36") == [2])
        #expect(try ids("--overridden") == [3])
        #expect(try ids("--blender", "Ann", "--gas", "50", "--overridden") == [3])
        let csv = sandbox.gaslog("export", "--blender", "ann", "--gas", "32").stdout
        #expect(parseCSV(csv).dropFirst().map { $0[0] } == ["4"])
        let exportedJSON = sandbox.gaslog("export", "--format", "json", "--overridden").stdout
        #expect(exportedJSON.contains("owner's own cylinder") && !exportedJSON.contains("wrong tank"))
        let lines = sandbox.gaslog("log", environment: ["COLUMNS": "200"]).stdout.split(separator: "\n")
        #expect(lines[0].contains("CERT") && lines[0].contains("MARK"))
        #expect(lines.first { $0.hasPrefix("1 ") }?.contains("PADI-7") == true)
        #expect(lines.first { $0.hasPrefix("2 ") }?.contains(" VOID ") == true)
        #expect(lines.first { $0.hasPrefix("3 ") }?.contains(" OVERRIDDEN ") == true)
    }

    @Test("An unknown cylinder in export exits 65 and writes no file")
    func unknownCylinderInExport() {
        let sandbox = Sandbox()
        sandbox.ok("fill", "A", "--o2", "32")
        let result = sandbox.gaslog("export", "--cylinder", "Nobody", "--output", sandbox.path("out.csv"))
        #expect(result.status == 65 && result.stderr.contains("unknown cylinder 'Nobody'"))
        #expect(!FileManager.default.fileExists(atPath: sandbox.path("out.csv")))
        #expect(sandbox.gaslog("log", "A", "--cylinder", "B").status == 64)
    }

    @Test("log --json keeps the export's keys and adds unit, mod and pressure in the chosen unit")
    func logJSON() throws {
        let sandbox = Sandbox()
        sandbox.ok("fill", "A", "--o2", "32", "--pressure", "200")
        let rows = try #require(json(sandbox.gaslog("log", "--json", "--unit", "imperial")) as? [[String: Any]])
        let exportedRows = try #require(json(sandbox.gaslog("export", "--format", "json")) as? [[String: Any]])
        #expect(Set(rows[0].keys) == Set(exportedRows[0].keys).union(["unit", "mod", "pressure"]))
        #expect(rows[0]["unit"] as? String == "imperial" && rows[0]["mod"] as? Int == 111 && rows[0]["pressure"] as? Int == 2901)
        #expect(rows[0]["pressure_bar"] as? Int == 200)
    }

    @Test("table --json and every calculator's JSON carry the unit")
    func unitInJSON() throws {
        let sandbox = Sandbox()
        sandbox.ok("fill", "A", "--o2", "21", "--pressure", "50")
        let table = try #require(json(sandbox.gaslog("table", "--json", "--unit", "imperial", "--from", "30", "--to", "31")) as? [[String: Any]])
        #expect(table.count == 2 && table.allSatisfy { $0["unit"] as? String == "imperial" })
        for arguments in [
            ["mod", "--o2", "32"], ["best-mix", "--depth", "30"], ["ead", "--o2", "32", "--depth", "30"],
            ["ppo2", "--o2", "32", "--depth", "30"], ["blend", "A", "--target", "32", "--to", "200", "--override", "test"],
        ] {
            let result = sandbox.run(arguments + ["--json"])
            let object = json(result) as? [String: Any]
            #expect(object?["unit"] as? String == "metric", "\(arguments): \(result)")
        }
    }

    @Test("Errors share one style: lower case, ppO₂, and 'invalid value V for OPTION: why'")
    func errorStyle() {
        let sandbox = Sandbox()
        let cases: [([String], String)] = [
            (["mod", "--o2", "40x"], "error: invalid value '40x' for --o2: expected a percentage"),
            (["mod", "--o2", "32", "--ppo2", "2"], "error: invalid value '2' for --ppo2: expected a number from 1.0 to 1.6"),
            (["fill", "A", "--o2", "32", "--at", "tomorrow"], "error: invalid value 'tomorrow' for --at: expected a date"),
            (["log", "--since", "2026-02-30"], "error: invalid value '2026-02-30' for --since:"),
            (["mod", "--o2", "32", "--unit", "furlongs"], "error: invalid value 'furlongs' for --unit: expected metric or imperial"),
            (["export", "--format", "xml"], "error: invalid value 'xml' for --format: expected csv or json"),
            (["mod"], "error: missing '--o2 <gas>' or '<cylinder>'"),
            (["frobnicate"], "error: unknown command 'frobnicate'"),
        ]
        for (arguments, expected) in cases {
            let result = sandbox.run(arguments)
            #expect(result.status == 64 && result.errorLines.count == 1 && result.errorLines[0].hasPrefix(expected), "\(arguments): \(result)")
        }
        // ppO₂ as a person reads it, in a warning and in a refusal.
        for arguments in [["ppo2", "--o2", "50", "--depth", "40"], ["best-mix", "--depth", "70"]] {
            let result = sandbox.run(arguments)
            #expect(result.stderr.contains("ppO₂") && !result.stderr.contains("ppO2"), "\(result)")
        }
    }

    @Test("Hints quote names the way a shell needs")
    func shellQuotedHints() {
        let sandbox = Sandbox()
        sandbox.ok("cylinder", "add", "Club 03", "--hydro", "2010-01-01", "--visual", "2025-01-01")
        let refused = sandbox.gaslog("fill", "Club 03", "--o2", "32")
        #expect(refused.status == 65 && refused.stderr.contains("gaslog cylinder edit 'Club 03' --hydro DATE"), "\(refused)")
        let warned = sandbox.gaslog("fill", "Ali's", "--o2", "32")
        #expect(warned.stderr.contains("gaslog cylinder edit 'Ali'\\''s' --hydro DATE --visual DATE"), "\(warned)")
        let dashed = sandbox.gaslog("fill", "--o2", "32", "--", "-2+3")
        // EAN 32 decants oxygen, so whether it is oxygen-clean is asked too (#35).
        #expect(dashed.stderr.contains("gaslog cylinder edit --hydro DATE --visual DATE --o2-clean|--no-o2-clean -- -2+3"), "\(dashed)")
    }

    @Test("export --output - writes to standard output")
    func exportToStandardOutput() {
        let sandbox = Sandbox()
        sandbox.ok("fill", "A", "--o2", "32")
        let result = sandbox.gaslog("export", "--output", "-")
        let rows = parseCSV(result.stdout)
        #expect(result.status == 0 && rows.first?.prefix(5) == ["id", "filled_at", "cylinder", "label", "o2"], "\(result)")
        // The one fill, dated by the sandbox's clock.
        #expect(rows.dropFirst().map { $0.prefix(5) } == [["1", "2026-11-30T12:00:00Z", "A", "EAN 32", "32"]], "\(result)")
        #expect(!FileManager.default.fileExists(atPath: sandbox.path("-")))
    }

    @Test("Importing a JSON export says that import reads CSV")
    func jsonImport() {
        let sandbox = Sandbox()
        sandbox.ok("fill", "A", "--o2", "32")
        let file = sandbox.write("fills.json", sandbox.gaslog("export", "--format", "json").stdout)
        let before = sandbox.dump()
        let result = sandbox.gaslog("import", file)
        #expect(result.status == 65 && result.stderr.contains("import reads CSV"), "\(result)")
        #expect(sandbox.dump() == before)
    }

    @Test("A write waiting for another writer's lock says so on a terminal after 2 seconds", .timeLimit(.minutes(1)))
    func waitingForAnotherWriter() throws {
        let sandbox = Sandbox()
        sandbox.okBinary("fill", "A", "--o2", "32")
        let locked = sandbox.path("locked"), released = sandbox.path("released"), terminal = sandbox.path("terminal")
        // sqlite3 takes the write lock, says so through a marker file, and
        // holds it until the test has seen gaslog say that it waits; gaslog
        // starts only once the lock is held. Each wait has a deadline.
        let script = """
            wait_for() { for _ in $(seq 600); do [ -e "$1" ] && return; sleep 0.05; done; return 1; }
            (printf 'BEGIN IMMEDIATE;\\n.shell touch \(locked)\\n.shell for _ in $(seq 600); do [ -e \(released) ] && break; sleep 0.05; done\\nCOMMIT;\\n' \\
                | sqlite3 \(sandbox.db)) &
            wait_for \(locked) || exit 1
            script -qfec '\(GaslogProcess.binary) --db \(sandbox.db) --color never fill A --o2 36' \(terminal)
            wait
            """
        let run = GaslogProcess.start(
            [Array("-c".utf8), Array(script.utf8)],
            environment: GaslogProcess.environment(home: sandbox.folder), executable: "/bin/bash")
        let shown = Waiting.holds(within: .seconds(30)) {
            ((try? String(contentsOfFile: terminal, encoding: .utf8)) ?? "").contains("waiting for another writer…")
        }
        #expect(FileManager.default.createFile(atPath: released, contents: nil))
        let result = run.wait()
        #expect(shown, "\(result)")
        #expect(result.stdout.contains("A: EAN 36"), "\(result)")
    }
}
