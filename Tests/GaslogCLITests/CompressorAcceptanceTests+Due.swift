import Foundation
import Testing

extension Sandbox {
    /// Runs `sql` with every trigger of `table` dropped, then puts them back word for word.
    func tamper(_ table: String, _ sql: String) -> (status: Int32, stderr: String) {
        let names = query("SELECT group_concat(name, ' ') FROM sqlite_schema WHERE type = 'trigger' AND tbl_name = '\(table)'")
            .split(separator: " ")
        let definitions = names.map { query("SELECT sql FROM sqlite_schema WHERE type = 'trigger' AND name = '\($0)'") }
        let script = names.map { "DROP TRIGGER \($0);" }.joined() + sql + ";" + definitions.map { $0 + ";" }.joined()
        return shell(script)
    }
}

@Suite("The compressor room (#28): due, the export, bad input, --json and the audit trail")
struct CompressorAcceptanceDueTests {
    // MARK: - due

    @Test("due lists filter rows first, then air tests and cylinders' inspections soonest first; cylinder rows gain kind")
    func due() throws {
        // Today is 2026-11-30.
        let sandbox = Sandbox(now: "2026-11-30T12:00:00Z")
        sandbox.ok(["cylinder", "add", "Late Steel", "--hydro", "2025-01-01", "--visual", "2025-12-05"])
        let setups: [[String]] = [
            // 9 of 10 hours used: exactly 10 % left.
            ["compressor", "add", "Bauer Junior", "--filter-hours", "10"],
            ["compressor", "run", "Bauer Junior", "--hours", "9", "--at", "2026-11-20T10:00:00Z"],
            // 4 of 4: exhausted.
            ["compressor", "add", "Coltri", "--filter-hours", "4"],
            ["compressor", "run", "Coltri", "--hours", "4", "--at", "2026-11-21T10:00:00Z"],
            // 8.9 of 10: 11 % left, not listed.
            ["compressor", "add", "Almost", "--filter-hours", "10"],
            ["compressor", "run", "Almost", "--hours", "8.9", "--at", "2026-11-22T10:00:00Z"],
            // Tested 2026-09-10 every 3 months: valid through 2026-12-10, 10 days left.
            ["compressor", "add", "Nardi", "--filter-hours", "100", "--air-test-months", "3"],
            // Tested 2026-05-15 every 6 months: valid through 2026-11-15, 15 days overdue.
            ["compressor", "add", "Old Timer", "--air-test-months", "6"],
            // Tested 2026-11-01 every 3 months: not due within 30 days.
            ["compressor", "add", "Fresh", "--air-test-months", "3", "--filter-hours", "50"],
            // Never tested: no air-test row.
            ["compressor", "add", "Untested"],
            // Overdue and exhausted, but retired: left out.
            ["compressor", "add", "Gone", "--air-test-months", "1", "--filter-hours", "1"],
            ["compressor", "run", "Gone", "--hours", "1", "--at", "2026-02-01T10:00:00Z"],
        ]
        for arguments in setups { sandbox.ok(arguments) }
        for (name, date) in [("Nardi", "2026-09-10"), ("Old Timer", "2026-05-15"), ("Fresh", "2026-11-01"), ("Gone", "2026-01-01")] {
            sandbox.ok(["compressor", "test", name] + AirValues().arguments + ["--at", date])
        }
        sandbox.ok(["compressor", "retire", "Gone", "--reason", "sold"])

        let rows = try #require(json(sandbox.run(["due", "--json"])) as? [[String: Any]])
        func name(_ row: [String: Any]) -> String { row["compressor"] as? String ?? row["cylinder"] as? String ?? "?" }
        #expect(rows.map(name) == ["Coltri", "Bauer Junior", "Old Timer", "Late Steel", "Nardi"], "\(rows)")
        #expect(rows.map { $0["kind"] as? String } == ["compressor", "compressor", "compressor", "cylinder", "compressor"])
        #expect(rows.map { $0["inspection"] as? String } == ["filter", "filter", "air_test", "visual", "air_test"])
        guard rows.count == 5 else { return }

        let filterKeys: Set = ["kind", "compressor", "inspection", "last", "due", "days_left", "overdue", "filter_remaining_percent"]
        for row in rows[0...1] {
            #expect(Set(row.keys) == filterKeys || Set(row.keys) == filterKeys.union(["warnings"]), "\(row)")
            #expect(row.isNull("due") && row.isNull("last") && row.isNull("days_left"), "\(row)")
        }
        #expect((rows[0]["filter_remaining_percent"] as? NSNumber)?.intValue == 0 && rows[0]["overdue"] as? Bool == true)
        #expect((rows[1]["filter_remaining_percent"] as? NSNumber)?.intValue == 10 && rows[1]["overdue"] as? Bool == false)

        let old = rows[2]
        #expect(Set(old.keys) == ["kind", "compressor", "inspection", "last", "due", "days_left", "overdue"], "\(old)")
        #expect(old["last"] as? String == "2026-05-15" && old["due"] as? String == "2026-11-15", "\(old)")
        #expect((old["days_left"] as? NSNumber)?.intValue == -15 && old["overdue"] as? Bool == true)
        let nardi = rows[4]
        #expect(nardi["last"] as? String == "2026-09-10" && nardi["due"] as? String == "2026-12-10", "\(nardi)")
        #expect((nardi["days_left"] as? NSNumber)?.intValue == 10 && nardi["overdue"] as? Bool == false)
        let cylinder = rows[3]
        #expect(cylinder["cylinder"] as? String == "Late Steel" && cylinder["compressor"] == nil, "\(cylinder)")
        #expect(cylinder["due"] as? String == "2026-12-05" && (cylinder["days_left"] as? NSNumber)?.intValue == 5)

        // Within 9 days: Nardi's test (10 days) is left out.
        let narrow = try #require(json(sandbox.run(["due", "--within", "9", "--json"])) as? [[String: Any]])
        #expect(!narrow.map(name).contains("Nardi") && narrow.map(name).contains("Old Timer"), "\(narrow)")

        let text = sandbox.run(["due"])
        #expect(text.status == 0)
        for expected in ["Coltri", "Bauer Junior", "Old Timer", "Late Steel", "Nardi"] {
            #expect(text.stdout.contains(expected), "\(text)")
        }
        for absent in ["Almost", "Fresh", "Untested", "Gone"] {
            #expect(!text.stdout.contains(absent), "\(text)")
        }
    }

    // MARK: - The export

    @Test("The export appends compressor after bill_to; export → import → export is byte-identical; a file without it imports")
    func exportRoundTrip() throws {
        let sandbox = Sandbox()
        sandbox.registeredCylinder("Tank 12")
        sandbox.registeredCylinder("Tank 15")
        for name in ["Bauer, Süd", "Nord \"K2\""] {
            sandbox.ok(["compressor", "add", name, "--filter-hours", "30", "--air-test-months", "6"])
            sandbox.ok(["compressor", "test", name] + AirValues().arguments + ["--at", "2026-09-01"])
        }
        sandbox.ok(["fill", "Tank 12", "--o2", "32", "--compressor", "Bauer, Süd", "--diver", "Ann", "--at", "2026-10-01T10:00:00Z"])
        sandbox.ok(["fill", "Tank 15", "--o2", "36", "--diver", "Bo", "--at", "2026-10-02T10:00:00Z"])
        sandbox.ok(["fill", "Tank 12", "--o2", "21", "--compressor", "Nord \"K2\"", "--at", "2026-10-03T10:00:00Z"])
        sandbox.ok(["compressor", "retire", "Nord \"K2\"", "--reason", "rebuilt"])
        sandbox.ok(["fill", "Tank 15", "--o2", "30", "--compressor", "Nord \"K2\"", "--override", "last one", "--at", "2026-10-04T10:00:00Z"])
        sandbox.ok(["void", "2", "--reason", "wrong tank"])

        let export = sandbox.run(["export"])
        #expect(export.status == 0, "\(export)")
        let rows = parseCSV(export.stdout)
        #expect(rows.first?.joined(separator: ",") == compressorRoomPriorHeader + ",compressor", "\(rows.first ?? [])")
        #expect(
            export.stdout.hasPrefix(compressorRoomPriorHeader + ",compressor\r\n")
                || export.stdout.hasPrefix(compressorRoomPriorHeader + ",compressor\n"))
        #expect(rows.dropFirst().map { $0.last } == ["Bauer, Süd", "", "Nord \"K2\"", "Nord \"K2\""], "\(rows)")
        #expect(rows.dropFirst().allSatisfy { $0.count == rows[0].count })

        let fresh = Sandbox()
        let imported = fresh.run(["import", fresh.write("all.csv", export.stdout)])
        #expect(imported.status == 0, "\(imported)")
        #expect(fresh.run(["export"]).stdout == export.stdout)
        // The compressors named in the file are in the new logbook's register.
        let listed = try #require(json(fresh.run(["compressor", "list", "--json"])) as? [[String: Any]])
        #expect(Set(listed.compactMap { $0["compressor"] as? String }) == ["Bauer, Süd", "Nord \"K2\""], "\(listed)")
        #expect(fresh.query("SELECT count(*) FROM fills WHERE compressor_id IS NOT NULL") == "3")
        #expect(fresh.run(["verify"]).status == 0)

        // An export from before #28, without the column.
        let older = Sandbox()
        let old =
            compressorRoomPriorHeader + "\r\n"
            + "1,2026-10-01T10:00:00Z,Tank 9,EAN 32,32,1.4,34,111,,,Ann,,,,,,nearest,32,0,,0,,,,,,,Ann\r\n"
        let result = older.run(["import", older.write("old.csv", old)])
        #expect(result.status == 0, "\(result)")
        #expect(older.count("fills") == 1 && older.query("SELECT count(*) FROM fills WHERE compressor_id IS NULL") == "1")
        let reexported = parseCSV(older.run(["export"]).stdout)
        #expect(reexported.first?.last == "compressor" && reexported.dropFirst().first?.last == "", "\(reexported)")
    }

    // MARK: - Bad input

    @Test("Bad input is refused with 64, naming the field, and nothing is written")
    func badInput() throws {
        let sandbox = Sandbox()
        sandbox.ok(["compressor", "add", "Rig", "--filter-hours", "20", "--filter-factors", "0:1.2,30:0.8"])
        sandbox.ok(["compressor", "run", "Rig", "--meter", "100", "--at", "2026-11-01T10:00:00Z"])

        for factors in [
            "20:1,10:1.4", "10:1.4,10:1", "-21:1", "61:1", "20:0.04", "20:5.01", "20:1.234", "20.5:1", "20", "20:", "abc", "10:1;20:2",
        ] {
            sandbox.refuses(["compressor", "add", "New", "--filter-factors", factors], status: 64, mentioning: ["filter-factors"])
            sandbox.refuses(["compressor", "edit", "Rig", "--filter-factors", factors], status: 64, mentioning: ["filter-factors"])
        }
        for hours in ["1.25", "-1", "0", "ten"] {
            sandbox.refuses(["compressor", "add", "New", "--filter-hours", hours], status: 64, mentioning: ["filter-hours"])
        }
        for months in ["0", "25", "1.5"] {
            sandbox.refuses(["compressor", "add", "New", "--air-test-months", months], status: 64, mentioning: ["air-test-months"])
        }
        let at = ["--at", "2026-11-02T10:00:00Z"]
        for reading in ["-1", "abc", "12.345", "-0.01"] {
            sandbox.refuses(["compressor", "run", "Rig", "--meter", reading] + at, status: 64, mentioning: ["meter"])
        }
        for hours in ["-0.5", "24.01", "1.234", "x"] {
            sandbox.refuses(["compressor", "run", "Rig", "--hours", hours] + at, status: 64, mentioning: ["hours"])
        }
        sandbox.refuses(["compressor", "run", "Rig", "--hours", "2", "--meter", "102"] + at, status: 64, mentioning: ["hours", "meter"])
        sandbox.refuses(["compressor", "run", "Rig"] + at, status: 64)
        for temperature in ["61", "-21", "20.5", "warm"] {
            sandbox.refuses(["compressor", "run", "Rig", "--hours", "1", "--temperature", temperature] + at, status: 64, mentioning: ["temperature"])
        }
        sandbox.refuses(["compressor", "retire", "Rig"], status: 64)
        // Not more than 5 minutes ahead of now (2026-11-30T12:00:00Z); a test's date not in the future.
        sandbox.refuses(["compressor", "run", "Rig", "--hours", "1", "--at", "2026-11-30T12:06:00Z"], status: 64)
        sandbox.refuses(["compressor", "filter", "Rig", "--at", "2026-12-01T00:00:00Z"], status: 64)
        sandbox.refuses(["compressor", "test", "Rig"] + AirValues().arguments + ["--at", "2026-12-01"], status: 64)
        sandbox.refuses(["compressor", "edit", "Rig"], status: 64)
        #expect(sandbox.count("compressors") == 1 && sandbox.count("compressor_log") == 1)

        // The edges are accepted.
        sandbox.ok(["compressor", "add", "Edges", "--filter-hours", "12.5", "--filter-factors", "-20:0.05,60:5", "--air-test-months", "24"])
        sandbox.ok(["compressor", "run", "Rig", "--hours", "24", "--temperature", "60"] + at)
        sandbox.ok(["compressor", "run", "Rig", "--hours", "0", "--temperature", "-20", "--at", "2026-11-03T10:00:00Z"])
        let shown = try sandbox.compressor("Edges")
        #expect(tenths(shown["filter_hours"]) == 125 && (shown["air_test_months"] as? NSNumber)?.intValue == 24, "\(shown)")
        #expect((shown["filter_factors"] as? [[String: Any]])?.map { hundredths($0["factor"]) } == [5, 500], "\(shown)")
    }

    @Test("Names follow the cylinder rules in a namespace of their own; unknown or duplicate names exit 65")
    func names() throws {
        let sandbox = Sandbox()
        sandbox.ok(["cylinder", "add", "Main"])
        sandbox.ok(["compressor", "add", "Main", "--filter-hours", "8"])
        sandbox.refuses(["compressor", "add", "MAIN"], status: 65)
        sandbox.refuses(["compressor", "add", "main"], status: 65)
        #expect(try sandbox.compressor("main")["compressor"] as? String == "Main")
        sandbox.refuses(["compressor", "show", "Nobody"], status: 65)
        sandbox.refuses(["compressor", "run", "Nobody", "--hours", "1"], status: 65)
        sandbox.refuses(["compressor", "add", ""], status: 64)
        #expect(sandbox.count("compressors") == 1 && sandbox.count("cylinders") == 1)
    }

    // MARK: - --json everywhere, show, log

    @Test("Every new command takes --json; show has the issue's shape; retire and reinstate as for cylinders")
    func jsonEverywhere() throws {
        let sandbox = Sandbox()
        let name = "Bauer PE 100"
        let added = try sandbox.object([
            "compressor", "add", name, "--filter-hours", "25", "--filter-factors", "5:1.3,35:0.5", "--air-test-months", "4", "--note",
            "boat deck", "--json",
        ])
        #expect(added["compressor"] as? String == name, "\(added)")
        let edited = try sandbox.object(["compressor", "edit", name, "--note", "dive shop", "--json"])
        #expect(edited["note"] as? String == "dive shop", "\(edited)")
        let run = try sandbox.object(["compressor", "run", name, "--meter", "412.5", "--at", "2026-11-01T09:00:00Z", "--json"])
        #expect(hundredths(run["meter"]) == 41250, "\(run)")
        let moreRun = try sandbox.object([
            "compressor", "run", name, "--hours", "2.5", "--temperature", "35", "--operator", "Kai", "--at", "2026-11-02T09:00:00Z", "--json",
        ])
        // 2.5 h at 35 °C, the end of the chart (0.5): 5 hours used of 25.
        #expect(hundredths(moreRun.object("filter")?["used"]) == 500 && hundredths(moreRun["meter"]) == 41500, "\(moreRun)")
        let test = try sandbox.object(
            ["compressor", "test", name] + AirValues().arguments + ["--at", "2026-11-03", "--certificate", "C-77", "--json"])
        #expect(test["passed"] as? Bool == true && test["failed"] as? [String] == [], "\(test)")
        #expect(test["due"] as? String == "2027-03-03")
        let filter = try sandbox.object(["compressor", "filter", name, "--batch", "X-1", "--at", "2026-11-04T09:00:00Z", "--json"])
        #expect(filter.object("filter")?["batch"] as? String == "X-1", "\(filter)")
        let retired = try sandbox.object(["compressor", "retire", name, "--reason", "overhaul", "--json"])
        #expect(retired["retired"] as? Bool == true, "\(retired)")
        sandbox.refuses(["compressor", "retire", name, "--reason", "again"], status: 65)
        let reinstated = try sandbox.object(["compressor", "reinstate", name, "--reason", "overhauled", "--json"])
        #expect(reinstated["retired"] as? Bool == false, "\(reinstated)")
        sandbox.refuses(["compressor", "reinstate", name, "--reason", "again"], status: 65)

        let shown = try sandbox.compressor(name)
        for key in ["compressor", "filter_hours", "filter_factors", "air_test_months", "retired", "meter", "filter", "last_test", "note", "changes"] {
            #expect(shown[key] != nil, "show lacks \(key): \(shown)")
        }
        #expect(tenths(shown["filter_hours"]) == 250 && (shown["air_test_months"] as? NSNumber)?.intValue == 4)
        #expect(shown["retired"] as? Bool == false && shown["note"] as? String == "dive shop" && hundredths(shown["meter"]) == 41500)
        let factors = try #require(shown["filter_factors"] as? [[String: Any]])
        #expect(factors.map { ($0["temperature"] as? NSNumber)?.intValue } == [5, 35] && factors.map { hundredths($0["factor"]) } == [130, 50])
        let shownFilter = try #require(shown.object("filter"))
        #expect(Set(shownFilter.keys) == ["changed_at", "batch", "hours_run", "used", "remaining", "remaining_percent"], "\(shownFilter)")
        #expect(shownFilter["changed_at"] as? String == "2026-11-04T09:00:00Z")
        #expect(hundredths(shownFilter["used"]) == 0 && hundredths(shownFilter["remaining"]) == 2500)
        let last = try #require(shown.object("last_test"))
        #expect(
            Set(last.keys).isSuperset(of: ["id", "at", "o2", "co2", "co", "oil", "water", "pressure", "standard", "passed", "failed", "due"]),
            "\(last)")
        #expect(last["at"] as? String == "2026-11-03T00:00:00Z" && last["due"] as? String == "2027-03-03", "\(last)")
        #expect(tenths(last["o2"]) == 209 && (last["co2"] as? NSNumber)?.intValue == 310 && tenths(last["co"]) == 8)
        #expect(hundredths(last["oil"]) == 5 && tenths(last["water"]) == 125 && (last["pressure"] as? NSNumber)?.intValue == 232)
        let changes = try #require(shown["changes"] as? [[String: Any]])
        #expect(changes.count == 4, "add, edit, retire, reinstate: \(changes)")

        let list = try #require(json(sandbox.run(["compressor", "list", "--json"])) as? [[String: Any]])
        #expect(list.map { $0["compressor"] as? String } == [name], "\(list)")
        let log = try #require(json(sandbox.run(["compressor", "log", name, "--json"])) as? [[String: Any]])
        #expect(log.map { $0["kind"] as? String } == ["run", "run", "test", "filter"], "\(log)")
        #expect(log[1]["operator"] as? String == "Kai" && (log[1]["temperature"] as? NSNumber)?.intValue == 35, "\(log)")

        // A new compressor, never tested: last_test is null, the interval is the setting's.
        sandbox.ok(["compressor", "add", "Bare"])
        let bare = try sandbox.compressor("Bare")
        #expect(bare.isNull("last_test") && bare.isNull("meter") && bare.isNull("filter_hours"), "\(bare)")
        #expect((bare["air_test_months"] as? NSNumber)?.intValue == 3)
        #expect(bare.object("filter")?.isNull("remaining") == true && bare.object("filter")?.isNull("remaining_percent") == true, "\(bare)")
    }

    @Test("compressor log is in time order, and the filter life counts from the latest cartridge change by time")
    func logInTimeOrder() throws {
        let sandbox = Sandbox()
        let name = "Mako 5.5"
        sandbox.ok(["compressor", "add", name, "--filter-hours", "15"])
        // Recorded out of order.
        sandbox.ok(["compressor", "test", name] + AirValues().arguments + ["--at", "2026-06-01"])
        sandbox.ok(["compressor", "run", name, "--hours", "2", "--operator", "Ann", "--temperature", "25", "--at", "2026-06-03T10:00:00Z"])
        sandbox.ok(["compressor", "filter", name, "--batch", "B1", "--at", "2026-06-02T09:00:00Z"])
        sandbox.ok(["compressor", "run", name, "--hours", "1", "--at", "2026-06-01T12:00:00Z"])
        let log = try #require(json(sandbox.run(["compressor", "log", name, "--json"])) as? [[String: Any]])
        #expect(log.map { $0["kind"] as? String } == ["test", "run", "filter", "run"], "\(log)")
        #expect(
            log.map { $0["at"] as? String }
                == ["2026-06-01T00:00:00Z", "2026-06-01T12:00:00Z", "2026-06-02T09:00:00Z", "2026-06-03T10:00:00Z"], "\(log)")
        #expect(log.last?["operator"] as? String == "Ann" && log[2]["batch"] as? String == "B1")
        let filter = try #require(try sandbox.compressor(name).object("filter"))
        #expect(hundredths(filter["hours_run"]) == 200 && hundredths(filter["used"]) == 200, "\(filter)")
        #expect(filter["changed_at"] as? String == "2026-06-02T09:00:00Z")
        #expect(sandbox.run(["compressor", "log", name]).stdout.contains("B1"))
    }

    // MARK: - The audit trail

    /// A logbook with some of every compressor entry, and a failed test (id 2).
    static func active() -> Sandbox {
        let sandbox = Sandbox()
        sandbox.registeredCylinder("Tank 12")
        var failing = AirValues()
        failing.co = "9"
        for arguments in [
            ["compressor", "add", "Audited", "--filter-hours", "30", "--filter-factors", "10:1.2,30:0.7", "--air-test-months", "6"],
            ["compressor", "edit", "Audited", "--note", "cellar"],
            ["compressor", "run", "Audited", "--meter", "10", "--at", "2026-10-01T09:00:00Z"],
            ["compressor", "run", "Audited", "--hours", "3", "--temperature", "22", "--at", "2026-10-02T09:00:00Z"],
            ["compressor", "filter", "Audited", "--batch", "B-9", "--at", "2026-10-03T09:00:00Z"],
            ["compressor", "test", "Audited"] + AirValues().arguments + ["--at", "2026-10-04"],
            ["fill", "Tank 12", "--o2", "32", "--compressor", "Audited", "--at", "2026-10-05T10:00:00Z"],
            ["compressor", "test", "Audited"] + failing.arguments + ["--at", "2026-10-06"],
            ["compressor", "retire", "Audited", "--reason", "bad CO"],
            ["compressor", "reinstate", "Audited", "--reason", "intake moved"],
        ] {
            sandbox.ok(arguments)
        }
        return sandbox
    }

    @Test("verify passes after compressor activity, and fails after the compressor tables are changed with the triggers dropped")
    func verify() throws {
        let clean = Self.active()
        let verified = clean.run(["verify"])
        #expect(verified.status == 0, "\(verified)")

        let tables = clean.compressorTables()
        #expect(tables.contains("air_tests") && tables.count >= 3, "\(tables)")

        // The failed test turned into a pass.
        let passed = Self.active()
        let changed = passed.tamper("air_tests", "UPDATE air_tests SET passed = 1, failed = '' WHERE id = 2")
        #expect(changed.status == 0, "\(changed.stderr)")
        #expect(passed.run(["verify"]).status == 65)

        // The newest row of each compressor table deleted.
        for table in tables {
            let deleted = Self.active()
            let result = deleted.tamper(table, "DELETE FROM \(table) WHERE rowid = (SELECT max(rowid) FROM \(table))")
            #expect(result.status == 0, "\(table): \(result.stderr)")
            let verify = deleted.run(["verify"])
            #expect(verify.status == 65, "deleting from \(table): \(verify)")
        }

        // A run or a test inserted directly, copied from one on record.
        for table in ["air_tests", "compressor_log"] {
            let inserted = Self.active()
            let result = inserted.shell(
                "CREATE TEMP TABLE copy AS SELECT * FROM \(table) WHERE rowid = 1; UPDATE copy SET id = id + 100; INSERT INTO \(table) SELECT * FROM copy;"
            )
            #expect(result.status == 0, "\(table): \(result.stderr)")
            #expect(inserted.count(table) >= 2)
            let verify = inserted.run(["verify"])
            #expect(verify.status == 65, "inserting into \(table): \(verify)")
        }
    }

    @Test("The compressor tables are append-only: UPDATE and DELETE from the sqlite3 shell fail")
    func appendOnly() throws {
        let sandbox = Self.active()
        let tables = sandbox.compressorTables()
        #expect(tables.count >= 3, "\(tables)")
        let before = sandbox.dump()
        for table in tables {
            #expect(sandbox.count(table) > 0, "\(table)")
            let update = sandbox.shell("UPDATE \(table) SET rowid = rowid")
            #expect(update.status != 0, "UPDATE \(table) went through")
            let delete = sandbox.shell("DELETE FROM \(table)")
            #expect(delete.status != 0, "DELETE FROM \(table) went through")
        }
        let fill = sandbox.shell("UPDATE fills SET compressor_id = NULL")
        #expect(fill.status != 0)
        #expect(sandbox.dump() == before)
        #expect(sandbox.run(["verify"]).status == 0)
    }
}
