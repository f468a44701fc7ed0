import Foundation
import Testing

@Suite("The cylinder register")
struct RegisterCommandTests {
    // These run in this process on the sandbox's fixed clock (the day they
    // were written), and every date they type lies before it.
    @Test("add, edit, show, list and retire")
    func registerCommands() throws {
        let sandbox = Sandbox()
        let added = sandbox.gaslog(
            "cylinder", "add", "Club 07", "--serial", "AB1234", "--owner", "Club", "--volume", "12",
            "--working-pressure", "232", "--hydro", "2024-03-01", "--visual", "2025-03-01", "--o2-clean",
            "--note", "blue boot", "--json")
        #expect(added.status == 0, "\(added)")
        let object = try #require(json(added) as? [String: Any])
        #expect(object["serial"] as? String == "AB1234")
        #expect((object["volume_l"] as? NSNumber)?.intValue == 12)
        #expect((object["working_pressure_bar"] as? NSNumber)?.intValue == 232)
        #expect(object["hydro_due"] as? String == "2029-03-01")
        #expect(object["visual_due"] as? String == "2026-03-01")
        #expect(object["o2_clean"] as? Bool == true)

        #expect(sandbox.gaslog("cylinder", "add", "club 07").status == 65)
        #expect(sandbox.gaslog("cylinder", "edit", "CLUB 07", "--no-o2-clean", "--visual", "2025-11-01").status == 0)
        let shown = sandbox.gaslog("cylinder", "show", "club 07")
        #expect(shown.stdout.contains("Oxygen-clean:      no"))
        #expect(shown.stdout.contains("2025-11-01 (valid through 2026-11-01)"))
        #expect(shown.stdout.contains("Serial:            AB1234"))
        #expect(sandbox.gaslog("cylinder", "edit", "Club 07").status == 64)
        #expect(sandbox.gaslog("cylinder", "edit", "Nobody", "--serial", "x").status == 65)
        #expect(sandbox.gaslog("cylinder", "edit", "Club 07", "--o2-clean", "--no-o2-clean").status == 64)
        #expect(sandbox.gaslog("cylinder", "edit", "Club 07", "--hydro", "2999-01-01").status == 64)
        #expect(sandbox.gaslog("cylinder", "edit", "Club 07", "--hydro", "2026-02-30").status == 64)

        sandbox.ok("fill", "Implicit", "--o2", "32")
        let listed = try #require(json(sandbox.gaslog("cylinder", "list", "--json")) as? [[String: Any]])
        #expect(listed.map { $0["cylinder"] as? String } == ["Club 07", "Implicit"])
        #expect(listed[1]["serial"] is NSNull && listed[1]["hydro"] is NSNull)

        let retired = sandbox.gaslog("cylinder", "retire", "Implicit", "--reason", "failed visual")
        #expect(retired.status == 0)
        #expect(retired.stdout.contains("retired on"))
        #expect(sandbox.gaslog("cylinder", "retire", "Implicit", "--reason", "again").status == 65)
        #expect(sandbox.gaslog("cylinder", "retire", "Club 07").status == 64)
        #expect(sandbox.gaslog("cylinder", "list").stdout.contains("retired"))
        // Retired, never deleted: its fill stays in the log.
        #expect(sandbox.gaslog("log", "Implicit", "--json").stdout.contains("EAN 32"))
    }

    @Test("Units: entry and display in both systems")
    func units() throws {
        let sandbox = Sandbox()
        sandbox.ok("unit", "imperial")
        #expect(sandbox.gaslog("cylinder", "add", "AL80", "--volume", "80", "--working-pressure", "3000").status == 0)
        #expect(sandbox.gaslog("cylinder", "add", "Steel", "--volume", "12L", "--working-pressure", "232bar").status == 0)
        let al80 = try #require(json(sandbox.gaslog("cylinder", "show", "AL80", "--json")) as? [String: Any])
        #expect((al80["volume"] as? NSNumber)?.doubleValue == 80)
        #expect((al80["working_pressure"] as? NSNumber)?.intValue == 3000)
        #expect((al80["working_pressure_bar"] as? NSNumber)?.stringValue == "206.84")
        let metric = try #require(json(sandbox.gaslog("cylinder", "show", "AL80", "--json", "--unit", "metric")) as? [String: Any])
        // 80 ft³ × 28.316846592 / 206.84 bar = 10.952 L of water.
        #expect((metric["volume"] as? NSNumber)?.stringValue == "10.95")
        let steel = sandbox.gaslog("cylinder", "show", "Steel")
        #expect(steel.stdout.contains("3365 psi"))
        #expect(sandbox.gaslog("cylinder", "add", "X", "--volume", "80cuft").status == 64)
    }

    @Test(
        "Each fill-station refusal exits 65 and an override is recorded and exported",
        arguments: [
            (["cylinder", "retire", "T", "--reason", "cracked neck"], ["--o2", "32"], "retired"),
            (["cylinder", "edit", "T", "--hydro", "2020-01-01"], ["--o2", "32"], "hydrostatic test"),
            (["cylinder", "edit", "T", "--visual", "2024-01-01"], ["--o2", "32"], "visual inspection"),
            (["cylinder", "edit", "T", "--working-pressure", "200"], ["--o2", "32", "--pressure", "210"], "working pressure"),
            (["cylinder", "edit", "T", "--no-o2-clean"], ["--o2", "50"], "oxygen-clean"),
        ])
    func refusalsAndOverrides(setup: [String], fill: [String], reason: String) throws {
        let sandbox = Sandbox()
        sandbox.ok("cylinder", "add", "T", "--working-pressure", "232", "--hydro", "2024-06-01", "--visual", "2025-06-01", "--o2-clean")
        #expect(sandbox.gaslog("fill", "T", "--o2", "32", "--at", "2025-07-01").status == 0)
        #expect(sandbox.run(setup).status == 0)
        let before = sandbox.dump()
        let refused = sandbox.run(["fill", "T", "--at", "2025-07-02"] + fill)
        #expect(refused.status == 65, "\(refused)")
        #expect(refused.stderr.contains(reason))
        #expect(refused.stderr.contains("--override"))
        #expect(sandbox.dump() == before)

        let overridden = sandbox.run(["fill", "T", "--at", "2025-07-02", "--override", "=audit: owner's risk"] + fill)
        #expect(overridden.status == 0, "\(overridden)")
        #expect(overridden.stderr.contains("warning:"))
        let rows = parseCSV(sandbox.gaslog("export").stdout)
        let column = try #require(rows[0].firstIndex(of: "override_reason"))
        #expect(column == 15)
        #expect(rows[2][column] == "'=audit: owner's risk")
        #expect(rows[1][column] == "")
        let exported = try #require(json(sandbox.gaslog("export", "--format", "json")) as? [[String: Any]])
        #expect(exported[1]["override_reason"] as? String == "=audit: owner's risk")
    }

    @Test("Settings: get, set, list and unknown keys")
    func config() throws {
        let sandbox = Sandbox()
        #expect(sandbox.gaslog("config", "get", "hydro-interval-years").stdout == "5\n")
        #expect(sandbox.gaslog("config", "get", "visual-interval-months").stdout == "12\n")
        #expect(sandbox.gaslog("config", "get", "o2-clean-above").stdout == "40\n")
        #expect(sandbox.gaslog("config", "get", "overfill-margin-percent").stdout == "0\n")
        #expect(sandbox.gaslog("config", "get", "unit").stdout == "metric\n")
        #expect(sandbox.gaslog("config", "set", "unit", "imperial").status == 0)
        #expect(sandbox.gaslog("unit").stdout == "imperial\n")
        #expect(sandbox.gaslog("config", "set", "overfill-margin-percent", "10").status == 0)
        let listed = try #require(json(sandbox.gaslog("config", "list", "--json")) as? [String: Any])
        #expect(listed["unit"] as? String == "imperial")
        #expect(listed["overfill-margin-percent"] as? Int == 10)
        let before = sandbox.dump()
        for bad in [
            ["config", "get", "colour"], ["config", "set", "colour", "red"], ["config", "set", "hydro-interval-years", "0"],
            ["config", "set", "hydro-interval-years", "five"], ["config", "set", "o2-clean-above", "101"],
            ["config", "set", "unit", "metres"], ["config", "set", "visual-interval-months", "1e1"],
        ] {
            let result = sandbox.run(bad)
            #expect(result.status == 64, "\(bad): \(result)")
        }
        #expect(sandbox.dump() == before)
    }

    /// (today, cylinders as (name, hydro, visual), expected within 30 days as
    /// (cylinder, inspection, days left)), worked out by hand from the
    /// default intervals (5 years, 12 months), month ends clamping.
    static let dueCases: [(String, [(String, String, String)], [(String, String, Int)])] = [
        (
            "2028-02-29", [("Soon", "2023-03-10", "2028-02-29"), ("Late", "2028-02-29", "2027-02-26"), ("Fine", "2028-01-01", "2028-01-01")],
            // Soon's visual is due 2029-02-28, the clamped anniversary.
            [("Late", "visual", -3), ("Soon", "hydrostatic", 10)]
        ),
        (
            "2026-11-30", [("Soon", "2021-12-10", "2026-11-30"), ("Late", "2026-11-30", "2025-11-27"), ("Edge", "2026-01-01", "2025-12-30")],
            // Edge's visual is due 2026-12-30: exactly 30 days away, so included.
            [("Late", "visual", -3), ("Soon", "hydrostatic", 10), ("Edge", "visual", 30)]
        ),
        (
            "2029-03-01", [("Leap", "2024-02-29", "2029-01-01"), ("Today", "2029-01-01", "2028-03-01"), ("Far", "2029-01-01", "2028-04-01")],
            // A test on 2024-02-29 is valid through 2029-02-28.
            [("Leap", "hydrostatic", -1), ("Today", "visual", 0)]
        ),
    ]

    @Test("due lists overdue and soon-due inspections, soonest first, on any day", arguments: dueCases)
    func due(today: String, cylinders: [(String, String, String)], expected: [(String, String, Int)]) throws {
        let gaslog = InProcess(now: today + "T12:00:00Z")
        for (name, hydro, visual) in cylinders {
            #expect(gaslog.gaslog("cylinder", "add", name, "--hydro", hydro, "--visual", visual).status == .success)
        }
        gaslog.ok("cylinder", "add", "Gone", "--hydro", "2015-01-01")
        gaslog.ok("cylinder", "retire", "Gone", "--reason", "scrapped")
        let due = try #require(gaslog.json(["due", "--json"]) as? [[String: Any]])
        #expect(due.map { $0["cylinder"] as? String ?? "" } == expected.map(\.0))
        #expect(due.map { $0["inspection"] as? String ?? "" } == expected.map(\.1))
        #expect(due.map { $0["days_left"] as? Int ?? .min } == expected.map(\.2))
        #expect(due.map { $0["overdue"] as? Bool ?? false } == expected.map { $0.2 < 0 })
        let text = gaslog.gaslog("due").stdout
        for (name, _, days) in expected {
            let status = days < 0 ? "OVERDUE by \(-days) day" : days == 0 ? "due today" : "due in \(days) days"
            #expect(text.contains(name) && text.contains(status), "\(text)")
        }
        let narrow = try #require(gaslog.json(["due", "--within", "0", "--json"]) as? [[String: Any]])
        #expect(narrow.count == expected.filter { $0.2 <= 0 }.count)
        #expect(gaslog.gaslog("due", "--within", "-1").status == .usage)
    }

    @Test("tag prints the cylinder's tag for a fill")
    func tag() throws {
        let sandbox = Sandbox()
        sandbox.ok(
            "fill", "Club 07", "--o2", "32", "--ppo2", "1.4", "--pressure", "232", "--at", "2025-11-29T19:00:00Z",
            "--diver", "Bo", "--cert", "PADI-1", "--diver-o2", "32.2", "--blender", "Ann")
        let text = sandbox.gaslog("tag", "1").stdout
        // The label and MOD come from the diver's richer 32.2%: 33.48 m and 110.48 ft.
        for expected in [
            "Club 07", "EAN 32.2 (32.2% O2)", "33 m / 110 ft at ppO₂ 1.4", "232 bar", "2025-11-29 19:00 +00:00",
            "Bo (cert PADI-1)", "blender 32%, diver 32.2%; the MOD uses the diver's 32.2%",
        ] {
            #expect(text.contains(expected), "tag lacks \(expected):\n\(text)")
        }
        let lines = text.split(separator: "\n")
        #expect(Set(lines.map(\.count)).count == 1, "the box is not aligned:\n\(text)")
        #expect(sandbox.gaslog("tag", "1", "--unit", "imperial").stdout.contains("3365 psi"))
        let object = try #require(json(sandbox.gaslog("tag", "1", "--json")) as? [String: Any])
        #expect(object["mod_m"] as? Int == 33 && object["mod_ft"] as? Int == 110)
        #expect((object["label_o2"] as? NSNumber)?.stringValue == "32.2" && object["mod_from"] as? String == "diver")
        // The export's keys, then the MOD and pressure in the chosen unit.
        #expect(object["diver"] as? String == "Bo" && object["analysed_by"] == nil)
        #expect(object["filled_at"] as? String == "2025-11-29T19:00:00Z" && object["cert"] as? String == "PADI-1")
        #expect(object["unit"] as? String == "metric" && object["mod"] as? Int == 33 && object["pressure"] as? Int == 232)
        let imperial = try #require(json(sandbox.gaslog("tag", "1", "--json", "--unit", "imperial")) as? [String: Any])
        #expect(imperial["unit"] as? String == "imperial" && imperial["mod"] as? Int == 110 && imperial["pressure"] as? Int == 3365)
        #expect(sandbox.gaslog("tag", "2").status == 65)
    }
}
