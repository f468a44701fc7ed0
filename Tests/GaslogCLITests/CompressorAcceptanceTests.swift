import Foundation
import Testing

// Acceptance tests for #28, the compressor room, written from the issue's text
// alone: every expectation is worked out here (the EN 12021 limits as the
// issue's literals, the filter life in exact fractions, dates by hand) and
// the rows are read back with the sqlite3 shell. They run in this process on
// the sandbox's fixed clock, in UTC, except where a local date needs another
// zone: that one runs the built binary with its own TZ, on the same fixed clock.

@Suite("The compressor room (#28): air tests, filter life, the meter, and the checks before a fill")
struct CompressorAcceptanceTests {
    // MARK: - The verdict

    /// (component, value, delivery pressure, passes): each limit at, just above and just below it.
    static let limits: [(String, String, String, Bool)] = [
        ("o2", "20.0", "200", true), ("o2", "19.9", "200", false), ("o2", "20.1", "200", true),
        ("o2", "22.0", "200", true), ("o2", "22.1", "200", false), ("o2", "21.9", "200", true),
        ("co2", "500", "232", true), ("co2", "501", "232", false), ("co2", "499", "232", true),
        ("co", "5", "232", true), ("co", "5.1", "232", false), ("co", "4.9", "232", true),
        ("oil", "0.5", "300", true), ("oil", "0.51", "300", false), ("oil", "0.49", "300", true),
        // The water line for air delivered at 40–200 bar.
        ("water", "50", "200", true), ("water", "50.1", "200", false), ("water", "49.9", "200", true),
        ("water", "50", "40", true), ("water", "50.1", "40", false),
        // Above 200 bar.
        ("water", "35", "201", true), ("water", "35.1", "201", false), ("water", "34.9", "201", true),
        ("water", "50", "201", false), ("water", "35.1", "200", true), ("water", "35", "300", true),
    ]

    @Test("Each EN 12021:2014 limit exactly at, just above and just below it; the verdict is stored", arguments: limits)
    func limit(component: String, value: String, pressure: String, passes: Bool) throws {
        let sandbox = Sandbox()
        sandbox.ok(["compressor", "add", "Bauer Mariner 320"])
        var values = AirValues()
        values.pressure = pressure
        switch component {
        case "o2": values.o2 = value
        case "co2": values.co2 = value
        case "co": values.co = value
        case "oil": values.oil = value
        default: values.water = value
        }
        let test = try sandbox.object(
            ["compressor", "test", "Bauer Mariner 320"] + values.arguments + ["--at", "2026-10-02", "--lab", "Dräger", "--json"])
        #expect(test["passed"] as? Bool == passes, "\(component) \(value) at \(pressure) bar: \(test)")
        #expect(test["failed"] as? [String] == (passes ? [] : [component]), "\(component) \(value) at \(pressure) bar: \(test)")
        #expect(test["standard"] as? String == "EN 12021:2014")
        #expect((test[component] as? NSNumber)?.doubleValue == Double(value), "\(test)")
        #expect((test["pressure"] as? NSNumber)?.intValue == Int(pressure))

        // Stored with its verdict as judged then.
        #expect(sandbox.count("air_tests") == 1)
        #expect(
            sandbox.query("SELECT passed || '|' || failed || '|' || standard FROM air_tests")
                == "\(passes ? 1 : 0)|\(passes ? "" : component)|EN 12021:2014")
        // And show's last test says the same.
        let last = try #require(try sandbox.compressor("Bauer Mariner 320").object("last_test"))
        #expect(last["passed"] as? Bool == passes && last["failed"] as? [String] == (passes ? [] : [component]), "\(last)")
        #expect(last["standard"] as? String == "EN 12021:2014")
    }

    @Test("A test failing several limits lists every one of them")
    func severalFailures() throws {
        let sandbox = Sandbox()
        sandbox.ok(["compressor", "add", "Old Faithful"])
        let test = try sandbox.object([
            "compressor", "test", "Old Faithful", "--o2", "19.5", "--co2", "650", "--co", "7.5", "--oil", "0.8", "--water", "36",
            "--pressure", "232", "--at", "2026-09-09", "--json",
        ])
        #expect(test["passed"] as? Bool == false)
        #expect(Set(test["failed"] as? [String] ?? []) == ["o2", "co2", "co", "oil", "water"], "\(test)")
        #expect((test["failed"] as? [String])?.count == 5)
        #expect(sandbox.query("SELECT passed FROM air_tests") == "0")
    }

    @Test("A delivery pressure below 40 bar is refused with 64 and nothing is written; 40 bar is accepted")
    func pressureBelowForty() throws {
        let sandbox = Sandbox()
        sandbox.ok(["compressor", "add", "Low Boy"])
        var values = AirValues()
        values.pressure = "39"
        sandbox.refuses(["compressor", "test", "Low Boy"] + values.arguments + ["--at", "2026-10-02"], status: 64, mentioning: ["pressure"])
        #expect(sandbox.count("air_tests") == 0)
        values.pressure = "40"
        let test = try sandbox.object(["compressor", "test", "Low Boy"] + values.arguments + ["--at", "2026-10-02", "--json"])
        #expect((test["pressure"] as? NSNumber)?.intValue == 40 && test["passed"] as? Bool == true, "\(test)")
        #expect(sandbox.count("air_tests") == 1)
    }

    @Test("A test without any one of its values is refused with 64, naming it, and nothing is written")
    func testMissingAValue() throws {
        let sandbox = Sandbox()
        sandbox.ok(["compressor", "add", "Junior II"])
        let full = AirValues().arguments
        for index in stride(from: 0, to: full.count, by: 2) {
            var arguments = full
            arguments.removeSubrange(index...index + 1)
            let option = full[index]
            sandbox.refuses(["compressor", "test", "Junior II"] + arguments + ["--at", "2026-10-02"], status: 64, mentioning: [option])
        }
        #expect(sandbox.count("air_tests") == 0)
    }

    @Test("A test's values with more decimals than the issue allows are refused with 64, naming the value")
    func testDecimals() throws {
        let sandbox = Sandbox()
        sandbox.ok(["compressor", "add", "Junior II"])
        for (option, value) in [
            ("--o2", "20.05"), ("--co2", "500.5"), ("--co", "5.05"), ("--oil", "0.505"), ("--water", "50.05"), ("--pressure", "200.5"),
            ("--co2", "many"), ("--oil", "-0.1"),
        ] {
            var arguments = AirValues().arguments
            let index = arguments.firstIndex(of: option)!
            arguments[index + 1] = value
            sandbox.refuses(["compressor", "test", "Junior II"] + arguments + ["--at", "2026-10-02"], status: 64, mentioning: [option])
        }
        #expect(sandbox.count("air_tests") == 0)
    }

    // MARK: - Filter life

    @Test("Filter life: Σ hours ÷ factor, interpolated and at both ends of the chart; used rounded up, remaining down")
    func filterLife() throws {
        let chartText = "10:1.4,20:1,30:0.6,40:0.35"
        let chart = FilterChart(chartText)
        // The chart read by hand: interpolated between two temperatures, the nearest end's outside.
        #expect(chart.factor(15) == Exact(6, 5) && chart.factor(5) == Exact(7, 5) && chart.factor(45) == Exact(7, 20))
        #expect(chart.factor(nil) == Exact(1) && chart.factor(33) == Exact(21, 40) && chart.factor(12) == Exact(33, 25))
        #expect(chart.factor(27) == Exact(18, 25) && chart.factor(-20) == Exact(7, 5) && chart.factor(60) == Exact(7, 20))

        let sandbox = Sandbox()
        let name = "Bauer Capitano"
        sandbox.ok(["compressor", "add", name, "--filter-hours", "10", "--filter-factors", chartText])
        let start = try sandbox.compressor(name)
        let startFilter = try #require(start.object("filter"))
        #expect(hundredths(startFilter["used"]) == 0 && hundredths(startFilter["remaining"]) == 1000, "\(start)")
        #expect((startFilter["remaining_percent"] as? NSNumber)?.intValue == 100)
        #expect(tenths(start["filter_hours"]) == 100)
        let factors = try #require(start["filter_factors"] as? [[String: Any]])
        #expect(factors.map { ($0["temperature"] as? NSNumber)?.intValue } == [10, 20, 30, 40])
        #expect(factors.map { hundredths($0["factor"]) } == [140, 100, 60, 35])

        let runs: [(hours: String, temperature: Int?)] = [
            ("1.5", 15), ("2", 5), ("0.7", 45), ("1.25", nil), ("0.4", 33), ("0.35", 12), ("0.2", 27), ("0.33", 60),
        ]
        var used = Exact(0), run = Exact(0)
        var roundingMatters = false
        for (index, entry) in runs.enumerated() {
            var arguments = ["compressor", "run", name, "--hours", entry.hours, "--at", "2026-11-\(10 + index)T09:00:00Z"]
            if let temperature = entry.temperature { arguments += ["--temperature", "\(temperature)"] }
            sandbox.ok(arguments)
            used = used + Exact(decimal: entry.hours) / chart.factor(entry.temperature)
            run = run + Exact(decimal: entry.hours)
            let remaining = Exact(10) - used
            if used.ceiling(scale: 100) != used.rounded(scale: 100) { roundingMatters = true }

            let filter = try #require(try sandbox.compressor(name).object("filter"))
            #expect(hundredths(filter["used"]) == used.ceiling(scale: 100), "after run \(index + 1), used \(used): \(filter)")
            #expect(hundredths(filter["remaining"]) == remaining.floor(scale: 100), "after run \(index + 1), remaining \(remaining): \(filter)")
            #expect(
                (filter["remaining_percent"] as? NSNumber)?.intValue == (remaining * Exact(10)).floor(scale: 1),
                "after run \(index + 1): \(filter)")
            #expect(hundredths(filter["hours_run"]) == run.floor(scale: 100), "\(filter)")
        }
        #expect(roundingMatters)
        // Worked by hand: 5/4 + 10/7 + 2 + 5/4 + 16/21 + 35/132 + 5/18 + 33/35 = 8.1764…
        #expect(used.ceiling(scale: 100) == 818 && (Exact(10) - used).floor(scale: 100) == 182)
        #expect(sandbox.count("compressor_log") == runs.count)

        // A new chart changes no past run: only the runs after it use it.
        sandbox.ok(["compressor", "edit", name, "--filter-factors", "0:2,50:4"])
        let unchanged = try #require(try sandbox.compressor(name).object("filter"))
        #expect(hundredths(unchanged["used"]) == used.ceiling(scale: 100), "\(unchanged)")
        sandbox.ok(["compressor", "run", name, "--hours", "0.5", "--temperature", "-5", "--at", "2026-11-20T09:00:00Z"])
        used = used + Exact(1, 2) / FilterChart("0:2,50:4").factor(-5)
        sandbox.ok(["compressor", "edit", name, "--clear", "filter-factors"])
        sandbox.ok(["compressor", "run", name, "--hours", "0.3", "--temperature", "40", "--at", "2026-11-21T09:00:00Z"])
        used = used + Exact(3, 10)
        let edited = try sandbox.compressor(name)
        let filter = try #require(edited.object("filter"))
        #expect(hundredths(filter["used"]) == used.ceiling(scale: 100), "used \(used): \(filter)")
        #expect(hundredths(filter["remaining"]) == (Exact(10) - used).floor(scale: 100), "\(filter)")
        #expect((edited["filter_factors"] as? [Any])?.isEmpty ?? edited.isNull("filter_factors"), "\(edited)")

        // A cartridge change starts the life again.
        sandbox.ok(["compressor", "filter", name, "--batch", "LOT 26/11", "--at", "2026-11-22T08:00:00Z"])
        let changed = try #require(try sandbox.compressor(name).object("filter"))
        #expect(hundredths(changed["used"]) == 0 && hundredths(changed["remaining"]) == 1000, "\(changed)")
        #expect((changed["remaining_percent"] as? NSNumber)?.intValue == 100 && hundredths(changed["hours_run"]) == 0)
        #expect(changed["batch"] as? String == "LOT 26/11" && changed["changed_at"] as? String == "2026-11-22T08:00:00Z", "\(changed)")
    }

    @Test("The filter life is exact: no floating-point drift in used, remaining or the percentage")
    func filterLifeExact() throws {
        let sandbox = Sandbox()
        // 0.1 h + 0.2 h is 0.30 h exactly; in doubles it is 0.30000000000000004, which rounded up is 0.31.
        sandbox.ok(["compressor", "add", "Tenths", "--filter-hours", "10"])
        sandbox.ok(["compressor", "run", "Tenths", "--hours", "0.1", "--at", "2026-11-01T10:00:00Z"])
        sandbox.ok(["compressor", "run", "Tenths", "--hours", "0.2", "--at", "2026-11-02T10:00:00Z"])
        let tenthsFilter = try #require(try sandbox.compressor("Tenths").object("filter"))
        #expect(hundredths(tenthsFilter["used"]) == 30 && hundredths(tenthsFilter["remaining"]) == 970, "\(tenthsFilter)")
        #expect((tenthsFilter["remaining_percent"] as? NSNumber)?.intValue == 97)
        // JSON numbers of hours with two decimals.
        let text = sandbox.run(["compressor", "show", "Tenths", "--json"]).stdout
        #expect(text.contains(#""used":0.30,"#) && text.contains(#""remaining":9.70,"#), "\(text)")

        // 0.5 h at factor 0.6 is 5/6 h: used 0.84 (not 0.83), remaining 9.16 (not 9.17), 91 % (not 92).
        sandbox.ok(["compressor", "add", "Sixths", "--filter-hours", "10", "--filter-factors", "0:0.6,50:0.6"])
        sandbox.ok(["compressor", "run", "Sixths", "--hours", "0.5", "--temperature", "18", "--at", "2026-11-03T10:00:00Z"])
        let used = Exact(1, 2) / Exact(3, 5)
        #expect(used.ceiling(scale: 100) == 84 && used.rounded(scale: 100) == 83)
        #expect((Exact(10) - used).floor(scale: 100) == 916 && ((Exact(10) - used) * Exact(10)).floor(scale: 1) == 91)
        let sixths = try #require(try sandbox.compressor("Sixths").object("filter"))
        #expect(hundredths(sixths["used"]) == 84 && hundredths(sixths["remaining"]) == 916, "\(sixths)")
        #expect((sixths["remaining_percent"] as? NSNumber)?.intValue == 91, "\(sixths)")
    }

    // MARK: - The meter

    @Test("The meter: the first reading counts nothing, the next the difference, --hours advances it, a reading backwards is refused")
    func meter() throws {
        let sandbox = Sandbox()
        let name = "Coltri Sub MCH-16"
        sandbox.ok(["compressor", "add", name, "--filter-hours", "40"])
        // --hours before any reading: no meter yet.
        sandbox.ok(["compressor", "run", name, "--hours", "0.75", "--at", "2026-11-01T09:00:00Z"])
        var shown = try sandbox.compressor(name)
        #expect(shown.isNull("meter"), "\(shown)")
        #expect(hundredths(shown.object("filter")?["hours_run"]) == 75)

        // The first reading only sets the meter.
        sandbox.ok(["compressor", "run", name, "--meter", "1520.5", "--at", "2026-11-02T09:00:00Z"])
        shown = try sandbox.compressor(name)
        #expect(hundredths(shown["meter"]) == 152_050, "\(shown)")
        #expect(hundredths(shown.object("filter")?["hours_run"]) == 75, "\(shown)")

        // The next counts the difference.
        sandbox.ok(["compressor", "run", name, "--meter", "1523.25", "--temperature", "20", "--at", "2026-11-03T09:00:00Z"])
        shown = try sandbox.compressor(name)
        #expect(hundredths(shown["meter"]) == 152_325)
        #expect(hundredths(shown.object("filter")?["hours_run"]) == 75 + 275, "\(shown)")

        // A reading below the last: 65, and nothing is written.
        sandbox.refuses(["compressor", "run", name, "--meter", "1523.24", "--at", "2026-11-04T09:00:00Z"], status: 65)
        #expect(sandbox.count("compressor_log") == 3)

        // --hours advances a known meter, so a later reading never counts that time twice.
        sandbox.ok(["compressor", "run", name, "--hours", "1.5", "--at", "2026-11-05T09:00:00Z"])
        shown = try sandbox.compressor(name)
        #expect(hundredths(shown["meter"]) == 152_475, "\(shown)")
        sandbox.ok(["compressor", "run", name, "--meter", "1525.75", "--at", "2026-11-06T09:00:00Z"])
        shown = try sandbox.compressor(name)
        #expect(hundredths(shown["meter"]) == 152_575)
        #expect(hundredths(shown.object("filter")?["hours_run"]) == 75 + 275 + 150 + 100, "\(shown)")
        let filter = try #require(shown.object("filter"))
        #expect(hundredths(filter["used"]) == 600 && hundredths(filter["remaining"]) == 3400, "\(filter)")

        // Below the meter that --hours advanced to is backwards too.
        sandbox.refuses(["compressor", "run", name, "--meter", "1525.74", "--at", "2026-11-07T09:00:00Z"], status: 65)

        // The log lists the hours each run counted.
        let log = try #require(json(sandbox.run(["compressor", "log", name, "--json"])) as? [[String: Any]])
        #expect(log.map { $0["kind"] as? String } == Array(repeating: "run", count: 5), "\(log)")
        #expect(log.map { hundredths($0["hours"]) } == [75, 0, 275, 150, 100], "\(log)")
        #expect(log.map { hundredths($0["meter"]) } == [nil, 152_050, 152_325, 152_475, 152_575], "\(log)")
    }

    // MARK: - The checks before a fill

    /// (rule, how the compressor is brought to break it)
    static let refusals: [(String, [[String]])] = [
        (
            "air_test_failed",
            [
                [
                    "compressor", "test", "Coltri MCH-13", "--o2", "21", "--co2", "420", "--co", "5.1", "--oil", "0.1", "--water", "20", "--pressure",
                    "232", "--at", "2026-11-02",
                ]
            ]
        ),
        ("air_test_overdue", [["compressor", "edit", "Coltri MCH-13", "--air-test-months", "4"]]),
        ("filter_exhausted", [["compressor", "run", "Coltri MCH-13", "--hours", "5", "--at", "2026-11-03T15:00:00Z"]]),
        ("compressor_retired", [["compressor", "retire", "Coltri MCH-13", "--reason", "valve leaks at 180 bar"]]),
    ]

    @Test("Each refusal exits 65, naming the compressor, writes no fill; --override records it with the compressor", arguments: refusals)
    func refusal(rule: String, setup: [[String]]) throws {
        let sandbox = Sandbox()
        let name = "Coltri MCH-13"
        sandbox.registeredCylinder("Tank 12")
        sandbox.ok(["compressor", "add", name, "--filter-hours", "5", "--air-test-months", "6"])
        sandbox.ok(["compressor", "test", name] + AirValues().arguments + ["--at", "2026-06-15"])
        // Before the rule is broken the fill goes through, with no warning about the compressor.
        let clean = try sandbox.object(["fill", "Tank 12", "--o2", "32", "--compressor", name, "--at", "2026-11-01T10:00:00Z", "--json"])
        // EAN 32 at its MOD is 5.8 g/L: the density rule's warning (#35), and no other.
        #expect(warnings(of: clean).map { $0["code"] as? String } == ["density"], "\(clean)")
        for arguments in setup { sandbox.ok(arguments) }

        let fill = ["fill", "Tank 12", "--o2", "32", "--compressor", name, "--at", "2026-11-10T10:00:00Z"]
        let before = sandbox.dump()
        let refused = sandbox.run(fill)
        #expect(refused.status == 65, "\(rule): \(refused)")
        #expect(refused.stderr.contains(name) && refused.stderr.contains("--override"), "\(rule): \(refused)")
        #expect(refused.stdout.isEmpty)
        #expect(sandbox.dump() == before)
        #expect(sandbox.count("fills") == 1)
        let refusedJSON = sandbox.run(fill + ["--json"])
        #expect(refusedJSON.status == 65 && sandbox.count("fills") == 1, "\(refusedJSON)")

        let reason = "retest booked, \(rule) accepted by the DM"
        let overridden = try sandbox.object(fill + ["--override", reason, "--json"])
        let warning = try #require(warnings(of: overridden).first { $0["code"] as? String == "overridden" }, "\(overridden)")
        #expect(warning["rules"] as? [String] == [rule], "\(warning)")
        #expect(overridden["compressor"] as? String == name, "\(overridden)")
        #expect(sandbox.count("fills") == 2)
        #expect(
            sandbox.query(
                "SELECT f.override_reason || '|' || c.name FROM fills f JOIN compressors c ON c.id = f.compressor_id WHERE f.id = 2")
                == "\(reason)|\(name)")
        #expect(sandbox.query("SELECT count(*) FROM fills WHERE compressor_id IS NULL") == "0")
    }

    @Test("Every broken rule is named together; the filter counts only runs up to the fill, and 0.01 h left is not exhausted")
    func rulesTogether() throws {
        let sandbox = Sandbox()
        let name = "Tired Out"
        sandbox.registeredCylinder("Tank 12")
        sandbox.ok(["compressor", "add", name, "--filter-hours", "2", "--air-test-months", "1"])
        var failing = AirValues()
        failing.co2 = "777"
        sandbox.ok(["compressor", "test", name] + failing.arguments + ["--at", "2026-06-01"])
        sandbox.ok(["compressor", "run", name, "--hours", "1.99", "--at", "2026-06-02T10:00:00Z"])
        sandbox.ok(["compressor", "run", name, "--hours", "0.01", "--at", "2026-06-04T10:00:00Z"])
        sandbox.ok(["compressor", "test", name] + AirValues().arguments + ["--at", "2026-06-03"])

        // On 2026-06-03 the test passed and 0.01 h was left: no refusal.
        let early = try sandbox.object(["fill", "Tank 12", "--o2", "32", "--compressor", name, "--at", "2026-06-03T12:00:00Z", "--json"])
        #expect(warnings(of: early).map { $0["code"] as? String } == ["density"], "\(early)")
        // On 2026-06-04, after the last run: exhausted.
        let exhausted = ["fill", "Tank 12", "--o2", "32", "--compressor", name, "--at", "2026-06-04T12:00:00Z"]
        sandbox.refuses(exhausted, status: 65, mentioning: [name])
        let one = try sandbox.object(exhausted + ["--override", "one more", "--json"])
        #expect(warnings(of: one).first { $0["code"] as? String == "overridden" }?["rules"] as? [String] == ["filter_exhausted"], "\(one)")

        // Overdue, and with a failed test and a retirement on top: every rule is named.
        sandbox.ok(["compressor", "test", name] + failing.arguments + ["--at", "2026-06-05"])
        sandbox.ok(["compressor", "retire", name, "--reason", "worn out"])
        let all = ["fill", "Tank 12", "--o2", "32", "--compressor", name, "--at", "2026-08-01T12:00:00Z"]
        sandbox.refuses(all, status: 65, mentioning: [name, "--override"])
        let overridden = try sandbox.object(all + ["--override", "emergency", "--json"])
        let rules = warnings(of: overridden).first { $0["code"] as? String == "overridden" }?["rules"] as? [String] ?? []
        #expect(Set(rules) == ["compressor_retired", "air_test_failed", "air_test_overdue", "filter_exhausted"] && rules.count == 4, "\(rules)")

        // A cartridge change and a reinstatement clear their rules; the failed, overdue test remains.
        sandbox.ok(["compressor", "reinstate", name, "--reason", "rebuilt"])
        sandbox.ok(["compressor", "filter", name, "--at", "2026-08-02T08:00:00Z"])
        let later = try sandbox.object(all.dropLast(2) + ["--at", "2026-08-02T12:00:00Z", "--override", "still", "--json"])
        let left = warnings(of: later).first { $0["code"] as? String == "overridden" }?["rules"] as? [String] ?? []
        #expect(Set(left) == ["air_test_failed", "air_test_overdue"], "\(left)")
        #expect(sandbox.count("fills") == 4)
    }

    @Test("edit --clear: filter-hours, filter-factors, air-test-months and note go back to unknown or the setting")
    func clearFields() throws {
        let sandbox = Sandbox()
        sandbox.registeredCylinder("Tank 12")
        sandbox.ok([
            "compressor", "add", "Clearly", "--filter-hours", "30", "--filter-factors", "0:1.5,40:0.5", "--air-test-months", "9", "--note", "n",
        ])
        sandbox.ok(["compressor", "test", "Clearly"] + AirValues().arguments + ["--at", "2026-10-01"])
        sandbox.refuses(["compressor", "edit", "Clearly", "--clear", "colour"], status: 64)
        for field in ["filter-hours", "filter-factors", "air-test-months", "note"] {
            sandbox.ok(["compressor", "edit", "Clearly", "--clear", field])
        }
        let shown = try sandbox.compressor("Clearly")
        #expect(shown.isNull("filter_hours") && shown.isNull("note"), "\(shown)")
        #expect((shown["filter_factors"] as? [Any])?.isEmpty ?? shown.isNull("filter_factors"), "\(shown)")
        #expect((shown["air_test_months"] as? NSNumber)?.intValue == 3 && shown.object("last_test")?["due"] as? String == "2027-01-01", "\(shown)")
        let fill = try sandbox.object(["fill", "Tank 12", "--o2", "32", "--compressor", "Clearly", "--at", "2026-11-01T10:00:00Z", "--json"])
        let unknown = warnings(of: fill).filter { $0["code"] as? String == "unknown_facts" }
        #expect(unknown.count == 1 && unknown.first?["facts"] as? [String] == ["filter_hours"], "\(fill)")
    }

    @Test("A test is valid through the same day N months later, month ends clamping: 2026-08-31 + 6 months is 2027-02-28")
    func overdueMonthEnd() throws {
        let sandbox = Sandbox(now: "2027-03-20T12:00:00Z")
        sandbox.registeredCylinder("Twin 7")
        sandbox.ok(["cylinder", "edit", "Twin 7", "--visual", "2026-08-01"])
        sandbox.ok(["compressor", "add", "Nardi Pacific", "--filter-hours", "200", "--air-test-months", "6"])
        let test = try sandbox.object(["compressor", "test", "Nardi Pacific"] + AirValues().arguments + ["--at", "2026-08-31", "--json"])
        #expect(test["due"] as? String == "2027-02-28", "\(test)")
        #expect(try sandbox.compressor("Nardi Pacific").object("last_test")?["due"] as? String == "2027-02-28")

        sandbox.ok(["fill", "Twin 7", "--o2", "32", "--compressor", "Nardi Pacific", "--at", "2027-02-28T23:59:00Z"])
        let fill = ["fill", "Twin 7", "--o2", "32", "--compressor", "Nardi Pacific", "--at", "2027-03-01T00:00:00Z"]
        sandbox.refuses(fill, status: 65, mentioning: ["Nardi Pacific"])
        let overridden = try sandbox.object(fill + ["--override", "kit test tomorrow", "--json"])
        #expect(warnings(of: overridden).first { $0["code"] as? String == "overridden" }?["rules"] as? [String] == ["air_test_overdue"])
        #expect(sandbox.count("fills") == 2)

        // One month from 2027-01-31 is 2027-02-28 too.
        sandbox.ok(["compressor", "add", "Monthly", "--air-test-months", "1"])
        let monthly = try sandbox.object(["compressor", "test", "Monthly"] + AirValues().arguments + ["--at", "2027-01-31", "--json"])
        #expect(monthly["due"] as? String == "2027-02-28", "\(monthly)")
    }

    @Test("Without its own interval a compressor follows air-test-interval-months (3), as the setting is when the fill is checked")
    func intervalSetting() throws {
        let sandbox = Sandbox()
        sandbox.registeredCylinder("Club 42")
        sandbox.ok(["compressor", "add", "Shared", "--filter-hours", "100"])
        let test = try sandbox.object(["compressor", "test", "Shared"] + AirValues().arguments + ["--at", "2026-03-31", "--json"])
        // Three months from 2026-03-31: 2026-06-30, the month end clamping.
        #expect(test["due"] as? String == "2026-06-30", "\(test)")
        #expect((try sandbox.compressor("Shared")["air_test_months"] as? NSNumber)?.intValue == 3)

        sandbox.ok(["fill", "Club 42", "--o2", "30", "--compressor", "Shared", "--at", "2026-06-30T22:00:00Z"])
        let fill = ["fill", "Club 42", "--o2", "30", "--compressor", "Shared", "--at", "2026-07-01T08:00:00Z"]
        sandbox.refuses(fill, status: 65, mentioning: ["Shared"])
        sandbox.ok(["config", "set", "air-test-interval-months", "4"])
        sandbox.ok(fill)
        #expect(sandbox.count("fills") == 2)
        let shown = try sandbox.compressor("Shared")
        #expect((shown["air_test_months"] as? NSNumber)?.intValue == 4)
        #expect(shown.object("last_test")?["due"] as? String == "2026-07-31", "\(shown)")
        // A compressor's own interval wins over the setting.
        sandbox.ok(["compressor", "edit", "Shared", "--air-test-months", "2"])
        sandbox.refuses(["fill", "Club 42", "--o2", "30", "--compressor", "Shared", "--at", "2026-06-01T08:00:00Z"], status: 65)
        sandbox.refuses(["config", "set", "air-test-interval-months", "25"], status: 64)
        sandbox.refuses(["config", "set", "air-test-interval-months", "0"], status: 64)
    }

    @Test("Only the latest test at or before the fill's time counts: a failed test refuses from its day on, a new pass clears it")
    func latestTestCounts() throws {
        let sandbox = Sandbox()
        let name = "Bauer Oceanus"
        sandbox.registeredCylinder("Pony 3")
        sandbox.ok(["compressor", "add", name, "--filter-hours", "50", "--air-test-months", "12"])
        sandbox.ok(["compressor", "test", name] + AirValues().arguments + ["--at", "2026-03-01"])
        var failing = AirValues()
        failing.oil = "0.51"
        sandbox.ok(["compressor", "test", name] + failing.arguments + ["--at", "2026-09-01"])
        sandbox.ok(["compressor", "test", name] + AirValues().arguments + ["--at", "2026-09-10"])

        func fill(_ at: String, _ extra: [String] = []) -> RunResult {
            sandbox.run(["fill", "Pony 3", "--o2", "21", "--compressor", name, "--at", at] + extra)
        }
        #expect(fill("2026-08-31T23:59:59Z").status == 0)
        let refused = fill("2026-09-01T00:00:00Z")
        #expect(refused.status == 65, "\(refused)")
        #expect(fill("2026-09-09T23:59:59Z").status == 65)
        #expect(fill("2026-09-10T00:00:00Z").status == 0)
        #expect(sandbox.count("fills") == 2)
        let overridden = try #require(json(fill("2026-09-05T12:00:00Z", ["--override", "oil trap drained", "--json"])) as? [String: Any])
        #expect(warnings(of: overridden).first { $0["code"] as? String == "overridden" }?["rules"] as? [String] == ["air_test_failed"])
        // show's last test is the latest one, passed.
        #expect(try sandbox.compressor(name).object("last_test")?["passed"] as? Bool == true)
    }

    @Test("compressor test --at DATE is the first instant of that local date (TZ=Europe/Berlin, the built binary)")
    func testDateIsLocal() throws {
        let sandbox = Sandbox()
        let berlin = ["TZ": "Europe/Berlin"]
        func gaslog(_ arguments: [String]) -> RunResult { sandbox.runBinary(arguments, environment: berlin) }
        #expect(gaslog(["cylinder", "add", "Berlin 1", "--working-pressure", "232", "--hydro", "2025-01-10", "--visual", "2026-01-10"]).status == 0)
        #expect(gaslog(["compressor", "add", "Spree", "--filter-hours", "30", "--air-test-months", "3"]).status == 0)
        var failing = AirValues()
        failing.co2 = "501"
        let test = gaslog(["compressor", "test", "Spree"] + failing.arguments + ["--at", "2026-09-01", "--json"])
        #expect(test.status == 0, "\(test)")
        let object = try #require(json(test) as? [String: Any])
        // Midnight in Berlin in summer time is 22:00 UTC the day before.
        #expect(object["at"] as? String == "2026-08-31T22:00:00Z", "\(object)")
        #expect(sandbox.query("SELECT at FROM air_tests") == "2026-08-31T22:00:00Z")
        let before = gaslog(["fill", "Berlin 1", "--o2", "32", "--compressor", "Spree", "--at", "2026-08-31T21:59:59Z"])
        #expect(before.status == 0, "\(before)")
        let after = gaslog(["fill", "Berlin 1", "--o2", "32", "--compressor", "Spree", "--at", "2026-08-31T22:00:00Z"])
        #expect(after.status == 65, "\(after)")
        #expect(sandbox.count("fills") == 1)
    }

    @Test("A compressor with no test or no filter-hours gets its own unknown_facts warning, beside the cylinder's")
    func unknownFacts() throws {
        let sandbox = Sandbox()
        sandbox.ok(["compressor", "add", "Mystery"])
        // A cylinder gaslog has never seen: it has an unknown_facts warning of its own.
        let fill = try sandbox.object(["fill", "Walk-in 3", "--o2", "32", "--compressor", "Mystery", "--at", "2026-11-01T10:00:00Z", "--json"])
        let unknown = warnings(of: fill).filter { $0["code"] as? String == "unknown_facts" }
        #expect(unknown.count == 2, "\(fill)")
        let compressor = try #require(unknown.first { $0["compressor"] as? String == "Mystery" }, "\(fill)")
        #expect(compressor["facts"] as? [String] == ["air_test", "filter_hours"], "\(compressor)")
        #expect(compressor["message"] is String)
        let cylinder = try #require(unknown.first { $0["compressor"] == nil }, "\(fill)")
        #expect((cylinder["facts"] as? [String])?.contains("hydro") == true, "\(cylinder)")
        #expect(sandbox.count("fills") == 1)

        // Only the facts still unknown are listed.
        sandbox.registeredCylinder("Known")
        sandbox.ok(["compressor", "edit", "Mystery", "--filter-hours", "25.5"])
        let untested = try sandbox.object(["fill", "Known", "--o2", "32", "--compressor", "Mystery", "--at", "2026-11-02T10:00:00Z", "--json"])
        let onlyTest = warnings(of: untested).filter { $0["code"] as? String == "unknown_facts" }
        #expect(onlyTest.count == 1 && onlyTest.first?["facts"] as? [String] == ["air_test"], "\(untested)")

        sandbox.ok(["compressor", "add", "No Filter"])
        sandbox.ok(["compressor", "test", "No Filter"] + AirValues().arguments + ["--at", "2026-10-01"])
        let noFilter = sandbox.run(["fill", "Known", "--o2", "32", "--compressor", "No Filter", "--at", "2026-11-03T10:00:00Z", "--json"])
        #expect(noFilter.status == 0, "\(noFilter)")
        let object = try #require(json(noFilter) as? [String: Any])
        let onlyFilter = warnings(of: object).filter { $0["code"] as? String == "unknown_facts" }
        #expect(onlyFilter.count == 1 && onlyFilter.first?["facts"] as? [String] == ["filter_hours"], "\(object)")
        #expect(onlyFilter.first?["compressor"] as? String == "No Filter")
        // With --json the warning is only in the result (#35); without it, a line.
        #expect(noFilter.stderr.isEmpty, "\(noFilter)")
        let line = sandbox.run(["fill", "Known", "--o2", "32", "--compressor", "No Filter", "--at", "2026-11-03T11:00:00Z"])
        #expect(line.stderr.contains("warning:") && line.stderr.contains("No Filter"), "\(line)")
        #expect(sandbox.count("fills") == 4)
    }

    @Test("default-compressor is used when --compressor is absent; none by default")
    func defaultCompressor() throws {
        let sandbox = Sandbox()
        sandbox.registeredCylinder("Tank 15")
        sandbox.ok(["compressor", "add", "House", "--filter-hours", "60", "--air-test-months", "6"])
        sandbox.ok(["compressor", "test", "House"] + AirValues().arguments + ["--at", "2026-10-01"])
        sandbox.ok(["compressor", "add", "Boat", "--filter-hours", "60", "--air-test-months", "6"])
        sandbox.ok(["compressor", "test", "Boat"] + AirValues().arguments + ["--at", "2026-10-01"])

        // No default: the fill has no compressor.
        sandbox.ok(["fill", "Tank 15", "--o2", "32", "--at", "2026-11-01T10:00:00Z"])
        #expect(sandbox.query("SELECT count(*) FROM fills WHERE compressor_id IS NULL") == "1")

        sandbox.refuses(["config", "set", "default-compressor", "Nowhere"], status: 65)
        sandbox.ok(["config", "set", "default-compressor", "House"])
        #expect(sandbox.run(["config", "get", "default-compressor"]).stdout == "House\n")
        let fill = try sandbox.object(["fill", "Tank 15", "--o2", "32", "--at", "2026-11-02T10:00:00Z", "--json"])
        #expect(fill["compressor"] as? String == "House", "\(fill)")
        sandbox.ok(["fill", "Tank 15", "--o2", "32", "--compressor", "Boat", "--at", "2026-11-03T10:00:00Z"])
        #expect(
            sandbox.query(
                "SELECT group_concat(ifnull(c.name, '-'), ',') FROM (SELECT * FROM fills ORDER BY id) f LEFT JOIN compressors c ON c.id = f.compressor_id"
            )
                == "-,House,Boat")

        // The default's checks apply to a fill that does not name it.
        var failing = AirValues()
        failing.water = "36"
        sandbox.ok(["compressor", "test", "House"] + failing.arguments + ["--at", "2026-11-04"])
        sandbox.refuses(["fill", "Tank 15", "--o2", "32", "--at", "2026-11-05T10:00:00Z"], status: 65, mentioning: ["House"])
        sandbox.ok(["fill", "Tank 15", "--o2", "32", "--compressor", "Boat", "--at", "2026-11-05T10:00:00Z"])
        #expect(sandbox.count("fills") == 4)
    }
}
