import Foundation
import Testing

/// The compressor room's pages through a real `gaslog-server`, signed in
/// with a session cookie as a browser is: `/compressors` with its filter
/// bars, verdicts and due dates, its forms by role; the board's banner; and
/// the fill form's compressor. Each change is checked against rows read with
/// `sqlite3`, and each figure against one worked out here.
@Suite("The compressor room's pages: /compressors, the board's banner and the fill form's compressor", .serialized)
struct CompressorPageTests {
    typealias Browser = BillsPageTests.Browser

    static let hostile = #"<script>alert("x")</script> & 'Co'"#

    /// A server with an admin, a blender and a reader, a cylinder in test, and
    /// three compressors: Bauer 1 (30 h filter, 17.5 h run at 20 °C, a
    /// failed test), Junior (a passing test long overdue) and one with a
    /// hostile name and nothing known.
    func roomServer() throws -> Station {
        let server = try Station.empty()
        try server.addAccount("ada", role: "admin")
        try server.addAccount("ben", role: "blender")
        try server.addAccount("rita", role: "reader")
        let today = String(Station.testDay.prefix(10))
        let commands: [[String]] = [
            ["cylinder", "add", "Club 07", "--working-pressure", "232", "--hydro", today, "--visual", today, "--o2-clean"],
            ["compressor", "add", "Bauer 1", "--filter-hours", "30", "--filter-factors", "10:1.4,20:1,30:0.6"],
            ["compressor", "run", "Bauer 1", "--hours", "17.5", "--temperature", "20"],
            [
                "compressor", "test", "Bauer 1", "--o2", "21", "--co2", "600", "--co", "1", "--oil", "0.1", "--water", "60", "--pressure", "300",
                "--at", "2026-11-01",
            ],
            ["compressor", "add", "Junior", "--air-test-months", "3"],
            [
                "compressor", "test", "Junior", "--o2", "21", "--co2", "300", "--co", "1", "--oil", "0.1", "--water", "20", "--pressure", "200",
                "--at", "2026-01-15",
            ],
            ["compressor", "add", Self.hostile],
        ]
        for command in commands {
            try server.cli(command)
        }
        return server
    }

    static func sqlite(_ server: Station, _ sql: String) throws -> String {
        try BillsPageTests.sqlite(server, sql)
    }

    /// One compressor's card on the page.
    static func card(_ page: String, _ name: String) throws -> String {
        let cards = page.matches(of: /(?s)<section class="panel compressor[^"]*".*?<\/section>/).map { String($0.output) }
        return try #require(cards.first { $0.contains(">\(name) ") || $0.contains(">\(name)<") }, "\(name)")
    }

    @Test("/compressors shows each filter's life as a meter and in words, each verdict in words, OVERDUE marked, and escapes names")
    func page() throws {
        let server = try roomServer()
        let rita = try Browser(server, signingIn: "rita")
        let page = rita.get("/compressors")
        #expect(page.status == 200)
        #expect(page.body.contains(#"<a href="/compressors" aria-current="page">Compressors</a>"#))
        // 17.5 h at 20 °C, factor 1: 12.50 h of 30 left, 41 % rounded down.
        let remaining = 3000 - 1750, percent = (3000 - 1750) * 100 / 3000
        #expect(percent == 41)
        let bauer = try Self.card(page.body, "Bauer 1")
        #expect(bauer.contains(#"<meter min="0" max="100" low="11" high="25" optimum="100" value="\#(percent)" aria-label="Filter life left">"#))
        #expect(bauer.contains("<strong>\(remaining / 100).\(remaining % 100) h left (\(percent)%)</strong>"), "\(bauer)")
        // A failed test refuses fills until one passes: no due date in words (2026-11-01 + 3 months would be 2027-02-01).
        #expect(
            bauer.contains(#"<span class="mark failed">FAILED on 2026-11-01 (CO2, water): fills refused until a test passes</span>"#), "\(bauer)")
        #expect(bauer.contains("EN 12021:2014") && !bauer.contains("Test due") && !bauer.contains("2027-02-01"))
        let junior = try Self.card(page.body, "Junior")
        #expect(junior.contains(#"<span class="mark passed">Passed</span>"#))
        // Valid through 2026-01-15 + 3 months = 2026-04-15: overdue since the day after.
        #expect(junior.contains(#"<span class="mark overdue">OVERDUE since 2026-04-16</span>"#), "\(junior)")
        #expect(junior.contains("Life unknown"))
        // The hostile name is text, everywhere.
        #expect(!page.body.contains("<script>alert"))
        #expect(page.body.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Co&#39;"))
        #expect(page.body.contains("None on record"))
        // A reader gets no form.
        #expect(!page.body.contains(#"action="/compressors/"#))
        #expect(rita.post("/compressors/run", [("compressor", "Bauer 1"), ("hours", "1")]).status == 403)
    }

    @Test("A blender's run and cartridge forms record rows; a refused form shows its problem at the field; the test form is an admin's")
    func forms() throws {
        let server = try roomServer()
        let ben = try Browser(server, signingIn: "ben")
        let page = ben.get("/compressors")
        #expect(page.body.contains(#"action="/compressors/run""#) && page.body.contains(#"action="/compressors/filter""#))
        #expect(!page.body.contains(#"action="/compressors/test""#))
        #expect(page.body.contains(#"<label for="run-hours">Hours run</label>"#))

        let run = ben.post("/compressors/run", [("compressor", "Bauer 1"), ("hours", "2.25"), ("temperature", "25"), ("operator", "Ben")])
        #expect(run.status == 303, "\(run.body)")
        // 2.25 h at 25 °C: factor 0.8, 2.8125 h used, rounded up: 20.32 used, 9.68 left, 32 %.
        #expect(run.location?.hasPrefix("/compressors?compressor=Bauer%201&done=") == true, "\(run.location ?? "")")
        let after = ben.get(run.location ?? "/compressors")
        #expect(after.body.contains("9.68 h left (32%)"), "\(after.body)")
        #expect(after.body.contains(#"<p class="notice" role="status">The run of Bauer 1 is recorded: 9.68 h left (32%).</p>"#))
        #expect(
            try Self.sqlite(server, "SELECT hundredths_of_hours, temperature, operator, recorded_by FROM compressor_log ORDER BY id DESC LIMIT 1")
                == "225|25|Ben|ben")

        // Both hours and meter: the problem at the meter, the values kept, nothing written.
        let both = ben.post("/compressors/run", [("compressor", "Bauer 1"), ("hours", "1"), ("meter", "120")])
        #expect(both.status == 400, "\(both.body)")
        #expect(
            both.body.contains(#"id="run-meter" name="meter" value="120" aria-describedby="run-meter-hint run-meter-problem" aria-invalid="true""#))
        #expect(
            both.body.contains(#"<p class="problem" id="run-meter-problem">give “Hours run” or “Hour meter after the run”, not both</p>"#),
            "\(both.body)")
        #expect(both.body.contains(#"<div class="error-summary" role="alert"><p><strong>Record a run: nothing was recorded.</strong>"#))
        let hours = ben.post("/compressors/run", [("compressor", "Bauer 1"), ("hours", "1.234")])
        #expect(hours.status == 400 && hours.body.contains(#"id="run-hours-problem""#), "\(hours.body)")
        let unknown = ben.post("/compressors/run", [("compressor", "Nobody"), ("hours", "1")])
        #expect(unknown.status == 404 && unknown.body.contains(#"<div class="field"><label for="run-compressor">"#))
        #expect(try Self.sqlite(server, "SELECT count(*) FROM compressor_log") == "2")

        let change = ben.post("/compressors/filter", [("compressor", "Bauer 1"), ("batch", "L7")])
        #expect(change.status == 303, "\(change.body)")
        #expect(try Self.sqlite(server, "SELECT kind, batch, recorded_by FROM compressor_log ORDER BY id DESC LIMIT 1") == "filter|L7|ben")
        #expect(ben.get("/compressors").body.contains("30.00 h left (100%)"))

        #expect(ben.post("/compressors/test", [("compressor", "Junior"), ("o2", "21")]).status == 403)
        // A form without the session's token is refused.
        #expect(ben.post("/compressors/run", [("compressor", "Bauer 1"), ("hours", "1")], addingToken: false).status == 403)

        let ada = try Browser(server, signingIn: "ada")
        #expect(ada.get("/compressors").body.contains(#"action="/compressors/test""#))
        let low = ada.post(
            "/compressors/test",
            [("compressor", "Junior"), ("o2", "21"), ("co2", "300"), ("co", "1"), ("oil", "0.1"), ("water", "20"), ("pressure", "39")])
        #expect(low.status == 400 && low.body.contains(#"id="test-pressure-problem""#), "\(low.body)")
        let test = ada.post(
            "/compressors/test",
            [
                ("compressor", "Junior"), ("o2", "21"), ("co2", "300"), ("co", "1"), ("oil", "0.1"), ("water", "20"), ("pressure", "200"),
                ("lab", "Kit"),
            ])
        #expect(test.status == 303, "\(test.body)")
        #expect(
            try Self.sqlite(server, "SELECT co2_ppm, pressure_bar, lab, recorded_by FROM air_tests ORDER BY id DESC LIMIT 1") == "300|200|Kit|ada")
    }

    @Test("The board warns of a failed or overdue air test, naming the compressor; a retired one and passing ones give no banner")
    func boardBanner() throws {
        let server = try roomServer()
        let rita = try Browser(server, signingIn: "rita")
        let board = rita.get("/")
        let banner = try #require(board.body.firstMatch(of: /(?s)<div class="error-summary compressor-alert" role="alert">.*?<\/div>/)).output
        #expect(banner.contains("Compressor <strong>Bauer 1</strong>: its air <strong>FAILED</strong> its test of 2026-11-01 (CO2, water)"))
        #expect(banner.contains("Compressor <strong>Junior</strong>: its air test is <strong>OVERDUE</strong> (valid through 2026-04-15)"))
        #expect(!banner.contains("Co&#39;"))

        #expect(server.gaslog("compressor", "retire", "Bauer 1", "--reason", "rebuild").status == 0)
        let test = server.gaslog(
            "compressor", "test", "Junior", "--o2", "21", "--co2", "300", "--co", "1", "--oil", "0.1", "--water", "20", "--pressure", "200")
        #expect(test.status == 0, "\(test)")
        #expect(!rita.get("/").body.contains("compressor-alert"))
    }

    @Test("The fill form offers the compressors with the default preselected; a failed test is refused at the field and overridden")
    func fillForm() throws {
        let server = try roomServer()
        #expect(server.gaslog("config", "set", "default-compressor", "Bauer 1").status == 0)
        let ben = try Browser(server, signingIn: "ben")
        let form = ben.get("/fill")
        let select = try #require(form.body.firstMatch(of: /(?s)<select id="field-compressor" name="compressor"[^>]*>.*?<\/select>/)).output
        #expect(select.contains(#"<option value="none">None</option>"#))
        #expect(select.contains(#"<option value="Bauer 1" selected>Bauer 1</option>"#))
        #expect(select.contains(#"<option value="Junior">Junior</option>"#))
        #expect(select.contains("&lt;script&gt;"))
        #expect(form.body.contains(#"<label for="field-compressor">Compressor</label>"#))

        let fill: [(String, String)] = [("cylinder", "Club 07"), ("o2", "32"), ("ppo2", "1.4")]
        let refused = ben.post("/fill", fill + [("compressor", "Bauer 1")])
        #expect(refused.status == 422, "\(refused.body)")
        let problem = try #require(refused.body.firstMatch(of: /<p class="problem" id="field-compressor-problem">([^<]*)<\/p>/)).output.1
        #expect(problem.contains("the air of compressor &#39;Bauer 1&#39; failed its test of 2026-11-01 (CO2, water"), "\(problem)")
        #expect(refused.body.contains(#"aria-describedby="field-compressor-hint field-compressor-problem" aria-invalid="true""#))
        #expect(refused.body.contains(#"<option value="Bauer 1" selected>"#))
        #expect(try Self.sqlite(server, "SELECT count(*) FROM fills") == "0")

        let overridden = ben.post("/fill", fill + [("compressor", "Bauer 1"), ("override", "bank air, retest booked")])
        #expect(overridden.status == 303, "\(overridden.body)")
        #expect(
            try Self.sqlite(server, "SELECT c.name, f.override_reason FROM fills AS f JOIN compressors AS c ON c.id = f.compressor_id")
                == "Bauer 1|bank air, retest booked")
        // The overdue test is refused at the same field.
        let overdue = ben.post("/fill", fill + [("compressor", "Junior")])
        #expect(overdue.status == 422 && overdue.body.contains("the air test of compressor &#39;Junior&#39; (2026-01-15) expired after 2026-04-15"))
        // "None" says that no compressor was used (#35): with nitrogen, while the setting names one,
        // that is compressor_required, at the field, and an override records it with no compressor.
        let none = ben.post("/fill", fill + [("compressor", "none")])
        #expect(none.status == 422, "\(none.body)")
        let noneProblem = try #require(none.body.firstMatch(of: /<p class="problem" id="field-compressor-problem">([^<]*)<\/p>/)).output.1
        #expect(noneProblem.contains("this fill used no compressor, yet its gas holds nitrogen and the default compressor is &#39;Bauer 1&#39;"))
        #expect(none.body.contains(#"<option value="none" selected>None</option>"#), "\(none.body)")
        #expect(try Self.sqlite(server, "SELECT count(*) FROM fills") == "1")
        let bought = ben.post("/fill", fill + [("compressor", "none"), ("override", "air from the bought bank")])
        #expect(bought.status == 303, "\(bought.body)")
        #expect(
            try Self.sqlite(server, "SELECT count(compressor_id), count(*) FROM fills WHERE override_reason = 'air from the bought bank'") == "0|1")
        // Oxygen takes no compressor at all: the default's failed test does not refuse it.
        #expect(server.gaslog("cylinder", "add", "O2 Bottle", "--o2-clean").status == 0)
        let oxygen = ben.post("/fill", [("cylinder", "O2 Bottle"), ("o2", "100"), ("ppo2", "1.4"), ("compressor", "none")])
        #expect(oxygen.status == 303, "\(oxygen.body)")
    }
}
