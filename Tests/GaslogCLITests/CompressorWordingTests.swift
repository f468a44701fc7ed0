import Foundation
import Testing

/// How `compressor show` words a latest air test that stops fills (#35): a
/// failed one with no due date, since no date makes it good; an overdue one
/// from the day after its last valid day. Dates are worked out by hand here.
@Suite("compressor show: a failed air test refuses fills with no due date; an overdue one is OVERDUE since the day after")
struct CompressorWordingTests {
    static func test(
        _ sandbox: Sandbox, _ name: String, co2: String = "300", water: String = "20", at date: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        sandbox.ok(
            [
                "compressor", "test", name, "--o2", "21", "--co2", co2, "--co", "1", "--oil", "0.1", "--water", water, "--pressure", "300", "--at",
                date,
            ], sourceLocation: sourceLocation)
    }

    static func lastTestLine(_ text: String) -> String {
        text.split(separator: "\n").first { $0.hasPrefix("Last test:") }.map(String.init) ?? ""
    }

    @Test("A failed test reads 'FAILED on DATE (CO2, water): fills refused until a test passes', no due date in words; the JSON keeps due")
    func failed() throws {
        let sandbox = Sandbox()
        sandbox.ok(["compressor", "add", "Bauer 1", "--air-test-months", "3"])
        // CO2 600 > 500 ml/m³ and water 60 > 35 mg/m³ above 200 bar: both fail.
        Self.test(sandbox, "Bauer 1", co2: "600", water: "60", at: "2026-11-01")
        let show = sandbox.run(["compressor", "show", "Bauer 1"])
        #expect(show.status == 0)
        let line = Self.lastTestLine(show.stdout)
        #expect(line.hasSuffix(" FAILED on 2026-11-01 (CO2, water): fills refused until a test passes"), "\(show.stdout)")
        // 2026-11-01 + 3 months is 2027-02-01: the JSON has it, the words never.
        #expect(!show.stdout.contains("2027-02-01") && !show.stdout.contains("valid through"), "\(show.stdout)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(sandbox.run(["compressor", "show", "Bauer 1", "--json"]).stdout.utf8)) as? [String: Any])
        #expect((object["last_test"] as? [String: Any])?["due"] as? String == "2027-02-01", "\(object)")
    }

    @Test("An overdue test reads 'OVERDUE since' the day after its last valid day, across a month end too")
    func overdue() throws {
        let sandbox = Sandbox()
        // 2026-01-15 + 3 months: valid through 2026-04-15, overdue since 2026-04-16.
        // 2026-05-31 + 3 months: valid through 2026-08-31, overdue since 2026-09-01.
        for (name, date, since) in [("Junior", "2026-01-15", "2026-04-16"), ("Mariner", "2026-05-31", "2026-09-01")] {
            sandbox.ok(["compressor", "add", name, "--air-test-months", "3"])
            Self.test(sandbox, name, at: date)
            let line = Self.lastTestLine(sandbox.run(["compressor", "show", name]).stdout)
            #expect(line.hasSuffix("\(date): passed (EN 12021:2014); OVERDUE since \(since)"), "\(line)")
        }
        // In date: its last valid day in words, as before.
        sandbox.ok(["compressor", "add", "Fresh", "--air-test-months", "3"])
        Self.test(sandbox, "Fresh", at: "2026-11-01")
        #expect(
            Self.lastTestLine(sandbox.run(["compressor", "show", "Fresh"]).stdout).hasSuffix(
                "2026-11-01: passed (EN 12021:2014); valid through 2027-02-01"))
    }
}
