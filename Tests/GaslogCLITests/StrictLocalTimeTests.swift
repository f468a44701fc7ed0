import Testing

/// Issue 23, item 6: a local time that the clocks skip, or pass twice, names
/// no one moment, so it is refused; a date alone is the first moment of its
/// local day. Local time follows the process's `TZ`, so every command that
/// reads one runs the built binary with its own zone. Fills that set the
/// scene are written in this process, in UTC, with `Z` times and a fixed clock.
@Suite("Local time, strictly: skipped and repeated times are refused, a date is the first moment of its day")
struct StrictLocalTimeTests {
    /// A time that a daylight-saving change skips, and the refusal it gets.
    struct Skipped: Sendable, CustomTestStringConvertible {
        let zone: String
        let typed: String
        let message: String
        var testDescription: String { "\(typed) in \(zone)" }
    }

    static let skipped = [
        Skipped(
            zone: "Europe/Berlin", typed: "2026-03-29 02:30",
            message: "2026-03-29 02:30 does not exist in Europe/Berlin (clocks go from 02:00 to 03:00)"),
        Skipped(
            zone: "Europe/Berlin", typed: "2026-03-29T02:00:00",
            message: "2026-03-29 02:00 does not exist in Europe/Berlin (clocks go from 02:00 to 03:00)"),
        Skipped(
            zone: "Australia/Sydney", typed: "2026-10-04 02:30",
            message: "2026-10-04 02:30 does not exist in Australia/Sydney (clocks go from 02:00 to 03:00)"),
        Skipped(
            zone: "America/Santiago", typed: "2026-09-06 00:30",
            message: "2026-09-06 00:30 does not exist in America/Santiago (clocks go from 00:00 to 01:00)"),
    ]

    static let repeated = [
        Skipped(
            zone: "Europe/Berlin", typed: "2026-10-25 02:30",
            message: "2026-10-25 02:30 happens twice in Europe/Berlin: write +01:00 or +02:00"),
        Skipped(
            zone: "Europe/Berlin", typed: "2026-10-25T02:59:59",
            message: "2026-10-25 02:59:59 happens twice in Europe/Berlin: write +01:00 or +02:00"),
        Skipped(
            zone: "Australia/Sydney", typed: "2026-04-05 02:30",
            message: "2026-04-05 02:30 happens twice in Australia/Sydney: write +10:00 or +11:00"),
        // Midnight comes back: Chile's clocks go from 24:00 back to 23:00.
        // (Havana's 2026-11-01 was here until tzdata 2026f gave Cuba no autumn change.)
        Skipped(
            zone: "America/Santiago", typed: "2026-04-04 23:30",
            message: "2026-04-04 23:30 happens twice in America/Santiago: write -04:00 or -03:00"),
    ]

    /// `log --json`'s fill ids, newest first, through the binary in `zone`.
    func ids(_ sandbox: Sandbox, zone: String, _ arguments: String...) throws -> [Int] {
        let result = sandbox.runBinary(["log", "--json"] + arguments, environment: ["TZ": zone])
        return try #require(json(result) as? [[String: Any]], "\(result)").map { $0["id"] as! Int }
    }

    @Test("A local time that the clocks skip is refused, exit 64, and nothing is written", arguments: skipped)
    func skippedTimeIsRefused(_ time: Skipped) {
        let sandbox = Sandbox()
        #expect(sandbox.gaslog("cylinder", "add", "A").status == 0)
        let before = sandbox.dump()
        let fill = sandbox.binary("fill", "A", "--o2", "32", "--at", time.typed, environment: ["TZ": time.zone])
        #expect(fill.status == 64, "\(fill)")
        #expect(fill.errorLines == ["error: invalid value '\(time.typed)' for --at: \(time.message)"], "\(fill)")
        #expect(sandbox.dump() == before)
        #expect(sandbox.query("SELECT count(*) FROM fills") == "0")
        // Every option that reads a time says the same.
        let since = sandbox.binary("log", "--since", time.typed, environment: ["TZ": time.zone])
        #expect(since.status == 64 && since.errorLines == ["error: invalid value '\(time.typed)' for --since: \(time.message)"], "\(since)")
        let until = sandbox.binary("export", "--until", time.typed, environment: ["TZ": time.zone])
        #expect(until.status == 64 && until.errorLines == ["error: invalid value '\(time.typed)' for --until: \(time.message)"], "\(until)")
    }

    @Test("A local time that happens twice is refused, exit 64, asking for the offset, and nothing is written", arguments: repeated)
    func repeatedTimeIsRefused(_ time: Skipped) {
        let sandbox = Sandbox()
        #expect(sandbox.gaslog("cylinder", "add", "A").status == 0)
        let before = sandbox.dump()
        let fill = sandbox.binary("fill", "A", "--o2", "32", "--at", time.typed, environment: ["TZ": time.zone])
        #expect(fill.status == 64, "\(fill)")
        #expect(fill.errorLines == ["error: invalid value '\(time.typed)' for --at: \(time.message)"], "\(fill)")
        #expect(sandbox.dump() == before)
        #expect(sandbox.query("SELECT count(*) FROM fills") == "0")
        let audit = sandbox.binary("audit", "--since", time.typed, environment: ["TZ": time.zone])
        #expect(audit.status == 64 && audit.errorLines == ["error: invalid value '\(time.typed)' for --since: \(time.message)"], "\(audit)")
    }

    @Test("The minutes on either side of a change are ordinary local times")
    func besideTheChanges() throws {
        let sandbox = Sandbox()
        for moment in [
            "2026-03-29T00:59:59Z", "2026-03-29T01:00:00Z", "2026-10-25T00:00:00Z", "2026-10-25T00:59:59Z", "2026-10-25T01:00:00Z",
            "2026-10-25T02:00:00Z",
        ] {
            #expect(sandbox.gaslog("fill", "A", "--o2", "32", "--at", moment).status == 0)
        }
        let berlin = "Europe/Berlin"
        // 01:59:59 +01:00, the last second before the clocks go forward; 03:00 +02:00, the first after.
        #expect(try ids(sandbox, zone: berlin, "--since", "2026-03-29 01:59:59", "--until", "2026-03-29 01:59:59") == [1])
        #expect(try ids(sandbox, zone: berlin, "--since", "2026-03-29 03:00", "--until", "2026-03-29 03:00") == [2])
        // 01:59:59 +02:00 happens once, before the repeated hour; 03:00 +01:00 once, after it.
        #expect(try ids(sandbox, zone: berlin, "--since", "2026-10-25 02:00+02:00", "--until", "2026-10-25 02:00+02:00") == [3])
        #expect(try ids(sandbox, zone: berlin, "--since", "2026-10-25 01:59:59", "--until", "2026-10-25 01:59:59") == [])
        #expect(try ids(sandbox, zone: berlin, "--since", "2026-10-25 03:00", "--until", "2026-10-25 03:00") == [6])
    }

    @Test("A time with an offset or Z names its moment in a repeated hour, in the CLI's --since and --until and in a fill")
    func explicitOffsetInRepeatedHour() throws {
        let sandbox = Sandbox()
        // 02:30 +02:00 and 02:30 +01:00 in Berlin, and a second either side.
        for moment in ["2026-10-25T00:29:59Z", "2026-10-25T00:30:00Z", "2026-10-25T01:30:00Z", "2026-10-25T01:30:01Z"] {
            #expect(sandbox.gaslog("fill", "A", "--o2", "32", "--at", moment).status == 0)
        }
        let berlin = "Europe/Berlin"
        #expect(try ids(sandbox, zone: berlin, "--since", "2026-10-25 02:30+02:00", "--until", "2026-10-25 02:30+02:00") == [2])
        #expect(try ids(sandbox, zone: berlin, "--since", "2026-10-25T02:30+01:00", "--until", "2026-10-25T02:30:00+01:00") == [3])
        #expect(try ids(sandbox, zone: berlin, "--since", "2026-10-25T00:30Z", "--until", "2026-10-25T01:30Z") == [3, 2])
        #expect(try ids(sandbox, zone: "Australia/Sydney", "--since", "2026-04-05 02:30+11:00", "--until", "2026-04-05 02:30+10:00") == [])

        // A fill dated with an offset in the repeated hour is recorded as given. (A past date, before any clock this runs on.)
        let fill = sandbox.binary("fill", "B", "--o2", "32", "--at", "2025-10-26 02:30+02:00", environment: ["TZ": berlin])
        #expect(fill.status == 0, "\(fill)")
        #expect(fill.stdout.contains("2025-10-26 02:30 +02:00"), "\(fill)")
        let later = sandbox.binary("fill", "B", "--o2", "32", "--at", "2025-10-26T02:30+01:00", environment: ["TZ": berlin])
        #expect(later.status == 0 && later.stdout.contains("2025-10-26 02:30 +01:00"), "\(later)")
        #expect(
            sandbox.query("SELECT group_concat(filled_at, ' ') FROM (SELECT filled_at FROM fills WHERE id > 4 ORDER BY id)")
                == "2025-10-26T00:30:00Z 2025-10-26T01:30:00Z")
    }

    /// A day whose midnight the clocks skip or pass twice, and its first moment.
    struct Day: Sendable, CustomTestStringConvertible {
        let zone: String
        let date: String
        let dayBefore: String
        let firstMoment: String
        let secondBefore: String
        var testDescription: String { "\(date) in \(zone)" }
    }

    static let days = [
        // 00:00 -04 becomes 01:00 -03: the day starts at 01:00.
        Day(
            zone: "America/Santiago", date: "2026-09-06", dayBefore: "2026-09-05", firstMoment: "2026-09-06T04:00:00Z",
            secondBefore: "2026-09-06T03:59:59Z"),
        // 01:00 CDT becomes 00:00 CST: the day starts at the first 00:00, -04:00.
        Day(
            zone: "America/Havana", date: "2026-11-01", dayBefore: "2026-10-31", firstMoment: "2026-11-01T04:00:00Z",
            secondBefore: "2026-11-01T03:59:59Z"),
        // 00:00 EET becomes 01:00 EEST.
        Day(
            zone: "Asia/Beirut", date: "2026-03-29", dayBefore: "2026-03-28", firstMoment: "2026-03-28T22:00:00Z",
            secondBefore: "2026-03-28T21:59:59Z"),
        // An ordinary midnight, for comparison.
        Day(
            zone: "Europe/Berlin", date: "2026-03-29", dayBefore: "2026-03-28", firstMoment: "2026-03-28T23:00:00Z",
            secondBefore: "2026-03-28T22:59:59Z"),
    ]

    @Test("A date alone in --since and --until is the first moment of that local day, whatever the clocks do at midnight", arguments: days)
    func dateIsFirstMomentOfDay(_ day: Day) throws {
        let sandbox = Sandbox()
        #expect(sandbox.gaslog("fill", "A", "--o2", "32", "--at", day.secondBefore).status == 0)
        #expect(sandbox.gaslog("fill", "A", "--o2", "32", "--at", day.firstMoment).status == 0)
        #expect(try ids(sandbox, zone: day.zone, "--since", day.date) == [2])
        #expect(try ids(sandbox, zone: day.zone, "--until", day.dayBefore) == [1])
        #expect(try ids(sandbox, zone: day.zone, "--since", day.date, "--until", day.date) == [2])
        #expect(try ids(sandbox, zone: day.zone, "--since", day.dayBefore, "--until", day.dayBefore) == [1])
    }

    @Test("A date alone in --at is the first moment of that local day, whatever the clocks do at midnight")
    func fillDateIsFirstMomentOfDay() {
        let sandbox = Sandbox()
        // Past dates, before any clock this runs on: a fill may not be dated in the future.
        for (zone, date) in [("America/Santiago", "2025-09-07"), ("America/Havana", "2025-11-02"), ("Asia/Beirut", "2025-03-30")] {
            let fill = sandbox.binary("fill", "A", "--o2", "32", "--at", date, environment: ["TZ": zone])
            #expect(fill.status == 0, "\(zone): \(fill)")
        }
        #expect(
            sandbox.query("SELECT group_concat(filled_at, ' ') FROM (SELECT filled_at FROM fills ORDER BY id)")
                == "2025-09-07T04:00:00Z 2025-11-02T04:00:00Z 2025-03-29T22:00:00Z")
    }

    @Test("The zone is named as TZ names it, with or without a colon or the zoneinfo folder, and as 'the local time zone' for a rule")
    func zoneNames() {
        let sandbox = Sandbox()
        let cases = [
            (":Europe/Berlin", "Europe/Berlin"), ("/usr/share/zoneinfo/Europe/Berlin", "Europe/Berlin"),
            ("CET-1CEST,M3.5.0,M10.5.0/3", "the local time zone"),
        ]
        for (zone, name) in cases {
            let result = sandbox.binary("log", "--since", "2026-03-29 02:30", environment: ["TZ": zone])
            #expect(
                result.status == 64
                    && result.errorLines == [
                        "error: invalid value '2026-03-29 02:30' for --since: 2026-03-29 02:30 does not exist in \(name) (clocks go from 02:00 to 03:00)"
                    ], "\(zone): \(result)")
        }
    }
}
