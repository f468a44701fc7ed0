import Foundation
import LogbookStore
import Testing

@testable import GaslogServer

/// What issue #25's trial found on the pages, each fixed: checked here on the
/// markup and the stylesheet the server sends (Tests/Browser/pages_test.py
/// measures the same pages in Chromium).
@Suite("The pages' findings: the report on a phone, touch targets, ids, reasons, the void label, the blender, a bad filter")
struct PageFindingsTests {

    static func page(_ station: Station, _ path: String, cookie: String) -> (status: Int, text: String) {
        let answer = station.page("GET", path, cookie: cookie)
        return (answer.status, Station.text(answer))
    }

    /// The stylesheet's rule for `selector`, as written.
    static func rule(_ selector: String) -> String? {
        WebStyle.css.split(separator: "\n").map { $0.drop { $0 == " " } }.first { $0.hasPrefix(selector + " {") }.map(String.init)
    }

    @Test("The report paints six gases each with its own colour and its own pattern, bars and legend alike; counts never break")
    func reportTellsGasesApart() throws {
        let station = try Station()
        for (index, gas) in [["air"], ["28"], ["32"], ["36"], ["40"], ["18", "--he", "45"]].enumerated() {
            try station.cli(["fill", "--o2"] + gas + ["--at", "2026-0\(index + 1)-05T10:00", "--", "Club 07"])
        }
        let (cookie, _) = try station.signIn("rita", "reader-pass-1")
        let page = Self.page(station, "/report?year=2026", cookie: cookie).text
        let patterns = page.matches(of: /<pattern id="gas-fill-(\d)"[^>]*><rect width="8" height="8" fill="([^"]+)"\/>(.*?)<\/pattern>/)
        #expect(patterns.map { Int($0.output.1) } == [0, 1, 2, 3, 4, 5], "\(page)")
        // The marks' shapes, without their ink, differ as the colours do.
        let shapes = patterns.map { String($0.output.3).replacing(/\s(fill|stroke)="[^"]*"/, with: "") }
        #expect(Set(patterns.map(\.output.2)).count == 6 && Set(shapes).count == 6, "\(shapes)")
        for (index, label) in ["Air", "EAN 28", "EAN 32", "EAN 36", "EAN 40", "Tx 18/45"].enumerated() {
            #expect(page.contains(#"fill="url(#gas-fill-\#(index))" stroke="rgb(26,26,26)"/></svg> \#(label)</li>"#), "\(label)")
            #expect(
                page.contains(
                    #"fill="url(#gas-fill-\#(index))" stroke="rgb(26,26,26)"><title>\#(YearReportPage.monthNames[index]): 1 \#(label)</title>"#))
        }
        #expect(try #require(Self.rule("td.number, th.number")).contains("white-space: nowrap"))
        #expect(page.contains(#"<table class="year tally">"#))
    }

    @Test("Every link in the board's and the log's content is a button or a table link, and table links are 44 × 44 px")
    func touchTargets() throws {
        let station = try Station()
        try station.cli(["fill", "--o2", "32", "--at", "2026-11-30T10:00", "--", "Club 07"])
        let (cookie, _) = try station.signIn("ada", "blender-pass-1")
        let rule = try #require(Self.rule("td a"))
        #expect(rule.contains("min-height: 44px") && rule.contains("min-width: 44px") && rule.contains("display: inline-flex"))
        for path in ["/", "/log"] {
            let page = Self.page(station, path, cookie: cookie).text
            let main = try #require(page.firstMatch(of: /(?s)<main id="main">.*<\/main>/)).output
            let links = main.matches(of: /(<td data-label="[^"]*">)?<a (class="button)?/)
            #expect(links.count >= 2, "\(path)")
            for link in links { #expect(link.output.1 != nil || link.output.2 != nil, "\(path): \(link.output.0)") }
            // The header's links are sized by their own rule.
            #expect(try #require(Self.rule("header.top a")).contains("min-height: 44px"))
        }
    }

    @Test("A fill's id, its gas label and its time are marked to be kept on one line, on the log and in a cylinder's history")
    func idsStayWhole() throws {
        let station = try Station()
        try station.cli(["fill", "--o2", "18", "--he", "45", "--at", "2026-11-30T10:00", "--", "Club 07"])
        let (cookie, _) = try station.signIn("ada", "blender-pass-1")
        #expect(try #require(Self.rule(".unbroken")).contains("white-space: nowrap"))
        for path in ["/log", "/cylinders/Club%2007"] {
            let page = Self.page(station, path, cookie: cookie).text
            #expect(page.contains(#"<td data-label="Fill"><a class="unbroken" href="/fills/1/tag">#1</a></td>"#), "\(path)")
            #expect(page.contains(#"<td data-label="Gas"><strong class="unbroken">Tx 18/45</strong></td>"#), "\(path)")
            // Written in local time, shown in local time, with whatever offset the machine's zone has.
            #expect(page.contains(/<td data-label="Filled" class="unbroken">2026-11-30 10:00 [+-]\d\d:\d\d<\/td>/), "\(path)")
        }
    }

    @Test("Override and void reasons are shown exactly as typed: in the markup, and with no text-transform anywhere in the stylesheet")
    func reasonsAsTyped() throws {
        let station = try Station()
        let override = "Hydro Booked for Monday, Club dive ONLY"
        let void = "Analyser out of CALIBRATION, McDonald's kit"
        try station.cli(["fill", "--o2", "32", "--at", "2026-11-29T10:00", "--override", override, "--", "Club 07"])
        try station.cli(["fill", "--o2", "36", "--at", "2026-11-30T10:00", "--", "Club 07"])
        try station.cli(["void", "--reason", void, "--", "2"])
        let (cookie, _) = try station.signIn("ada", "blender-pass-1")
        let escapedVoid = "Analyser out of CALIBRATION, McDonald&#39;s kit"
        for path in ["/log", "/cylinders/Club%2007"] {
            let page = Self.page(station, path, cookie: cookie).text
            #expect(page.contains(#"<span class="mark override">Override: \#(override)</span>"#), "\(path)")
            #expect(page.contains(#"<span class="mark void">Void: \#(escapedVoid)</span>"#), "\(path)")
        }
        #expect(Self.page(station, "/fills/2/tag", cookie: cookie).text.contains(#"<p class="void-banner">Void: \#(escapedVoid)</p>"#))
        #expect(!WebStyle.css.contains("text-transform"))
    }

    @Test("Each void box in a cylinder's history has a visible label, tied to it by for and id")
    func voidBoxLabelled() throws {
        let station = try Station()
        for day in ["28", "29", "30"] { try station.cli(["fill", "--o2", "32", "--at", "2026-11-\(day)T10:00", "--", "Club 07"]) }
        let (cookie, _) = try station.signIn("ada", "blender-pass-1")
        let page = Self.page(station, "/cylinders/Club%2007", cookie: cookie).text
        let history = try #require(page.firstMatch(of: /(?s)id="history-heading".*?<\/section>/)).output
        let boxes = history.matches(of: /<input type="text" id="void-reason-(\d+)" name="reason"[^>]*>/)
        #expect(boxes.map(\.output.1) == ["3", "2", "1"])
        for box in boxes {
            #expect(history.contains(#"<label for="void-reason-\#(box.output.1)">Reason to void fill #\#(box.output.1)</label>"#))
            #expect(!box.output.0.contains("aria-label"))
        }
    }

    @Test("One word, Blender, on the board, the log, the tag and the history: the blender given, else the account that recorded the fill")
    func oneWordForTheBlender() throws {
        let station = try Station()
        try station.cli(["fill", "--o2", "32", "--blender", "Ann Smith", "--at", "2026-11-29T10:00", "--", "Club 07"])
        try station.cli(["cylinder", "add", "--hydro", "2026-01-01", "--visual", "2026-06-01", "--", "Club 08"])
        let (cookie, csrf) = try station.signIn("ada", "blender-pass-1")
        // Recorded on the page with the Blender field emptied: the fill names no blender, only the account that recorded it.
        let recorded = station.page(
            "POST", "/fill", cookie: cookie, form: [("csrf", csrf), ("cylinder", "Club 08"), ("o2", "36"), ("ppo2", "1.4"), ("blender", "")])
        #expect(Station.header(recorded, "Location") == "/fills/2/tag?recorded=1")
        let stored = try station.service.store.fill(id: 2)
        #expect(stored.blender == nil && stored.recordedBy == "ada")
        let account = #"<span class="light">recorded by</span> ada"#
        let board = Self.page(station, "/", cookie: cookie).text
        #expect(board.contains(#"<th scope="col">Blender</th>"#) && !board.contains("Filled by"))
        #expect(board.contains(#"<td data-label="Blender">Ann Smith</td>"#) && board.contains(#"<td data-label="Blender">\#(account)</td>"#))
        let log = Self.page(station, "/log", cookie: cookie).text
        #expect(log.contains(#"<th scope="col">Blender</th>"#))
        #expect(log.contains(#"<td data-label="Blender">Ann Smith</td>"#) && log.contains(#"<td data-label="Blender">\#(account)</td>"#))
        #expect(Self.page(station, "/cylinders/Club%2008", cookie: cookie).text.contains(#"<td data-label="Blender">\#(account)</td>"#))
        #expect(Self.page(station, "/cylinders/Club%2007", cookie: cookie).text.contains(#"<td data-label="Blender">Ann Smith</td>"#))
        #expect(Self.page(station, "/fills/1/tag", cookie: cookie).text.contains(#"<p class="who">Blender: Ann Smith</p>"#))
        #expect(Self.page(station, "/fills/2/tag", cookie: cookie).text.contains(#"<p class="who">Blender: \#(account)</p>"#))
    }

    @Test("A bad log filter is shown at its field on the log page, with the form as sent and the error page's status")
    func badFilterAtItsField() throws {
        let station = try Station()
        try station.cli(["fill", "--o2", "32", "--at", "2026-11-30T10:00", "--", "Club 07"])
        let (cookie, _) = try station.signIn("rita", "reader-pass-1")
        for (query, field, status, words) in [
            ("since=garbage&cylinder=Club+07&gas=32&overridden=1", "since", 400, "invalid value &#39;garbage&#39; for “Since”"),
            ("since=2026-05-01&until=2026-01-01", "since", 400, "is after its end"),
            ("limit=0&diver=Bo", "limit", 400, "for “At most”"), ("cylinder=Nope", "cylinder", 404, "unknown cylinder &#39;Nope&#39;"),
        ] {
            let answer = Self.page(station, "/log?" + query, cookie: cookie)
            #expect(answer.status == status, "\(query)")
            let page = answer.text
            #expect(page.contains(#"<div class="error-summary" role="alert">"#), "\(query)")
            let input = try #require(page.firstMatch(of: try Regex(#"<input type="text" id="field-\#(field)"[^>]*>"#)), "\(query)").output[0]
            let text = String(page[input.range!])
            #expect(text.contains(#"aria-invalid="true""#) && text.contains("field-\(field)-problem"), "\(text)")
            let problem = try #require(page.firstMatch(of: try Regex(#"<p class="problem" id="field-\#(field)-problem">([^<]*)</p>"#)))
            #expect(String(page[problem.output[1].range!]).contains(words), "\(query): \(page)")
            // Every value sent is in its field again; nothing else is marked; no fills and no downloads are offered.
            for pair in query.split(separator: "&") where !pair.hasPrefix("overridden") {
                let parts = pair.split(separator: "=").map { $0.replacing("+", with: " ") }
                #expect(page.contains(#"name="\#(parts[0])" value="\#(parts[1])""#), "\(pair)")
            }
            #expect(page.contains(#"value="1" checked>"#) == query.contains("overridden"))
            #expect(page.matches(of: /aria-invalid="true"/).count == 1 && !page.contains("download-csv") && !page.contains("<table"))
        }
        // A good filter still shows the fills.
        #expect(Self.page(station, "/log?since=2026-11-01", cookie: cookie).text.contains("1 fill shown"))
    }

    @Test("Eight colours, each with eight patterns: no two of the first 64 gases look the same")
    func chartFillsStayApart() {
        let fills = (0..<64).map(GasChartFill.init(index:))
        #expect(Set(fills.prefix(8).map(\.colour)).count == 8 && Set(fills.prefix(8).map(\.pattern)).count == 8)
        #expect(Set(fills.map { "\($0.colour) \($0.pattern)" }).count == 64)
        #expect(Set(fills.map(\.definition.markup)).count == 64)
    }
}
