import Foundation
import LogbookStore
import Testing

@testable import GaslogServer

/// The log page a hundred fills at a time, in the log's order (`filled_at`,
/// then id, newest first), its "Older" and "Newer" links keyed by that pair
/// and keeping the filters; and a cylinder's page with its latest 50 fills.
/// In process, over a logbook whose fills are imported with known ids and times.
@Suite("The log page in pages keyed by (filled_at, id), and a cylinder's latest fills")
struct LogPagingTests {

    /// One imported fill: its id, cylinder, minutes after 2026-06-01T00:00Z, blender and override.
    struct Row {
        let id: Int
        let cylinder: String
        let minute: Int
        var blender = ""
        var override = ""

        var filledAt: String { Timestamp(secondsSinceEpoch: 1_780_272_000 + minute * 60).iso8601 }
    }

    /// 230 fills in three cylinders whose ids do not follow their times:
    /// fill i is at minute (37 i mod 115), two fills a minute. Every other
    /// fill's blender is typed with markup and an ampersand; every fifth is overridden.
    static let rows: [Row] = (1...230).map { id in
        Row(
            id: id, cylinder: ["Club 07", "Club 08", "Club 09"][id % 3], minute: id * 37 % 115,
            blender: id % 2 == 0 ? "Zoë & <Ann>" : "Bo", override: id % 5 == 0 ? "booked" : "")
    }

    /// The log's order, worked out here: time, then id, newest first.
    static func newestFirst(_ rows: [Row]) -> [Int] {
        rows.sorted { ($0.filledAt, $0.id) > ($1.filledAt, $1.id) }.map(\.id)
    }

    /// A station whose logbook holds `rows`, imported with their ids, and a reader's cookie.
    static func station(_ rows: [Row] = LogPagingTests.rows) throws -> (Station, String) {
        let station = try Station()
        var csv = "id,filled_at,cylinder,label,o2,ppo2,mod_m,mod_ft,pressure_bar,blender,diver,cert,diver_o2,note,void_reason,override_reason\n"
        for row in rows {
            let blender = row.blender.contains(",") ? "\"\(row.blender)\"" : row.blender
            csv += "\(row.id),\(row.filledAt),\(row.cylinder),,32,1.4,,,,\(blender),,,,,,\(row.override)\n"
        }
        let file = station.folder + "/fills.csv"
        try Data(csv.utf8).write(to: URL(fileURLWithPath: file))
        try station.cli(["import", file])
        let (cookie, _) = try station.signIn("rita", "reader-pass-1")
        return (station, cookie)
    }

    /// A page: its status, its text, and the ids of its fills in the order shown.
    struct Page {
        let status: Int
        let text: String
        var ids: [Int] { text.matches(of: /href="\/fills\/(\d+)\/tag"/).compactMap { Int($0.output.1) } }

        /// The target of the link with this id, as a browser reads the attribute.
        func link(_ id: String) -> String? {
            guard let tag = text.firstMatch(of: try! Regex(#"<a [^>]*id="\#(id)"[^>]*>"#)).map({ String(text[$0.range]) }),
                let href = tag.firstMatch(of: /href="([^"]*)"/)
            else { return nil }
            return String(href.output.1).replacing("&amp;", with: "&").replacing("&#39;", with: "'").replacing("&quot;", with: "\"")
        }

        /// The query parameters of a link, percent-decoded, by name.
        func parameters(_ id: String) -> [String: String] {
            guard let href = link(id), let query = href.split(separator: "?", maxSplits: 1).last, href.contains("?") else { return [:] }
            return Dictionary((PercentEncoding.parameters(of: String(query)) ?? []).map { ($0.0, $0.1) }) { first, _ in first }
        }
    }

    static func page(_ station: Station, _ path: String, cookie: String) -> Page {
        let answer = station.page("GET", path, cookie: cookie)
        return Page(status: answer.status, text: Station.text(answer))
    }

    @Test("Older and Newer walk the log 100 fills a page in its order, through fills of the same moment, and back to the same pages")
    func olderAndNewer() throws {
        let (station, cookie) = try Self.station()
        let expected = Self.newestFirst(Self.rows)
        let first = Self.page(station, "/log", cookie: cookie)
        #expect(first.status == 200 && first.ids == Array(expected[0..<100]))
        #expect(first.text.contains("100 fills shown, newest first."))
        #expect(first.link("newer-fills") == nil, "the newest page has no Newer link")
        let older = try #require(first.link("older-fills"))
        // The Older link names the last fill shown, by its time and its id.
        let last = try #require(Self.rows.first { $0.id == expected[99] })
        #expect(first.parameters("older-fills") == ["before_at": last.filledAt, "before_id": String(last.id)])
        let second = Self.page(station, older, cookie: cookie)
        #expect(second.ids == Array(expected[100..<200]))
        let third = Self.page(station, try #require(second.link("older-fills")), cookie: cookie)
        #expect(third.ids == Array(expected[200..<230]) && third.text.contains("30 fills shown"))
        #expect(third.link("older-fills") == nil, "the oldest page has no Older link")
        // Newer goes back page by page, to the same fills, and the newest page again has no Newer link.
        let backToSecond = Self.page(station, try #require(third.link("newer-fills")), cookie: cookie)
        #expect(backToSecond.ids == second.ids && backToSecond.link("older-fills") != nil)
        let backToFirst = Self.page(station, try #require(backToSecond.link("newer-fills")), cookie: cookie)
        #expect(backToFirst.ids == first.ids)
        #expect(backToFirst.link("newer-fills") == nil && backToFirst.link("older-fills") == first.link("older-fills"))
        // The pages are links a browser follows without script: GET, rel and an accessible name;
        // the same links stand above the fills and below them.
        #expect(second.text.contains(#"<nav class="actions" aria-label="Pages of the log">"#))
        #expect(second.text.contains(#"<nav class="actions" aria-label="Pages of the log, below its fills">"#))
        #expect(second.text.contains(#"rel="prev""#) && second.text.contains(#"rel="next""#))
        for page in [first, second, third] {
            #expect(page.link("older-fills-below") == page.link("older-fills") && page.link("newer-fills-below") == page.link("newer-fills"))
        }
        let table = try #require(second.text.range(of: "<table"))
        #expect(try #require(second.text.range(of: #"id="older-fills""#)).lowerBound < table.lowerBound)
        #expect(try #require(second.text.range(of: #"id="older-fills-below""#)).lowerBound > table.lowerBound)
    }

    @Test("A page fetched by its link shows the same fills after fills are added, back-dated ones and one at its bound's moment")
    func samePageWhileFillsAreAdded() throws {
        let (station, cookie) = try Self.station()
        let first = Self.page(station, "/log", cookie: cookie)
        let older = try #require(first.link("older-fills"))
        let before = Self.page(station, older, cookie: cookie).ids
        let bound = try #require(first.parameters("older-fills")["before_at"])
        // Now, back-dated into the first page's minutes, and at the bound's very moment with a higher id.
        for at in ["2026-12-01T11:00:00Z", "2026-06-01T01:50:00Z", bound] {
            try station.cli(["fill", "Club 09", "--o2", "36", "--at", at])
        }
        #expect(Self.page(station, older, cookie: cookie).ids == before)
        let newest = Self.page(station, "/log", cookie: cookie)
        #expect(newest.ids.first == 231 && newest.ids.contains(232) && newest.ids.count == 100)
        // The newest page's Older link now starts where the three pushed the newest hundred.
        #expect(newest.link("older-fills") != older)
    }

    @Test("The links keep every filter and the limit, percent-encoded in the query and escaped in the attribute")
    func linksKeepTheFilters() throws {
        let (station, cookie) = try Self.station()
        let filters = [
            ("cylinder", "Club 08"), ("since", "2026-05-31"), ("until", "2026-06-02"), ("blender", "ZOË & <ann>"), ("gas", "32"),
            ("limit", "15"),
        ]
        let path = "/log" + HTML.query(filters)
        // Club 08's fills by that blender: ids 4, 10, 16, ... (even, and one more than a multiple of 3).
        let expected = Self.newestFirst(Self.rows.filter { $0.cylinder == "Club 08" && $0.id % 2 == 0 })
        #expect(expected.count == 38)
        var page = Self.page(station, path, cookie: cookie)
        var seen: [Int] = []
        var pages = 0
        while true {
            pages += 1
            #expect(page.status == 200 && page.ids.count == min(15, expected.count - seen.count), "page \(pages)")
            seen += page.ids
            guard page.link("older-fills") != nil else { break }
            var parameters = page.parameters("older-fills")
            #expect(parameters["before_id"] == page.ids.last.map(String.init), "page \(pages)")
            #expect(parameters.removeValue(forKey: "before_at") != nil && parameters.removeValue(forKey: "before_id") != nil)
            #expect(parameters == Dictionary(uniqueKeysWithValues: filters), "page \(pages)")
            // In the markup the & between parameters is an entity, and the value's own & and < are percent-encoded.
            #expect(page.text.contains("blender=ZO%C3%8B%20%26%20%3Cann%3E&amp;gas=32&amp;limit=15&amp;before_at="), "page \(pages)")
            page = Self.page(station, try #require(page.link("older-fills")), cookie: cookie)
        }
        #expect(pages == 3 && seen == expected)
        var newer = page.parameters("newer-fills")
        #expect(newer.removeValue(forKey: "after_at") != nil && newer.removeValue(forKey: "after_id") == String(expected[30]))
        #expect(newer == Dictionary(uniqueKeysWithValues: filters))
        // The overridden box is kept too, as overridden=1, with a diver filter that matches no one.
        let overridden = Self.page(station, "/log?overridden=1&limit=20", cookie: cookie)
        #expect(overridden.ids == Array(Self.newestFirst(Self.rows.filter { !$0.override.isEmpty }).prefix(20)))
        #expect(overridden.parameters("older-fills")["overridden"] == "1" && overridden.parameters("older-fills")["limit"] == "20")
        let nobody = Self.page(station, "/log?overridden=1&diver=Nobody", cookie: cookie)
        #expect(nobody.ids.isEmpty && nobody.link("older-fills") == nil && nobody.link("newer-fills") == nil)
    }

    @Test("A limit above a page's 100 shows 100 a page and says so in its field; a smaller one is the page's size")
    func limitIsThePageSize() throws {
        let (station, cookie) = try Self.station()
        let expected = Self.newestFirst(Self.rows)
        let capped = Self.page(station, "/log?limit=5000", cookie: cookie)
        #expect(capped.ids == Array(expected.prefix(100)))
        #expect(capped.text.contains(#"name="limit" value="100""#) && capped.text.contains("fills a page, up to 100"))
        #expect(capped.parameters("older-fills")["limit"] == "100")
        let small = Self.page(station, "/log?limit=7", cookie: cookie)
        #expect(small.ids == Array(expected.prefix(7)) && small.parameters("older-fills")["limit"] == "7")
        #expect(Self.page(station, try #require(small.link("older-fills")), cookie: cookie).ids == Array(expected[7..<14]))
        // Without a limit the field shows the page's size, and the links carry none.
        let plain = Self.page(station, "/log", cookie: cookie)
        #expect(plain.text.contains(#"name="limit" value="100""#) && plain.parameters("older-fills")["limit"] == nil)
    }

    @Test("A bound that is not a fill's time and id is a 400 page naming its parameter, with the form kept; nothing crashes")
    func badBound() throws {
        let (station, cookie) = try Self.station()
        for (query, field, words) in [
            ("before_at=yesterday&before_id=5", "before_at", "before_at &#39;yesterday&#39; is not a fill&#39;s time"),
            ("before_at=2026-06-01T00:00Z&before_id=5", "before_at", "before_at &#39;2026-06-01T00:00Z&#39; is not a fill&#39;s time"),
            ("before_at=2026-06-01T02:00:00%2B02:00&before_id=5", "before_at", "expected a UTC time such as 2026-11-30T19:05:00Z"),
            ("before_at=2026-06-01T00:00:00Z", "before_id", "before_id is missing"),
            ("before_id=5", "before_at", "before_at is missing"),
            ("before_at=2026-06-01T00:00:00Z&before_id=0", "before_id", "before_id &#39;0&#39; is not a fill&#39;s id"),
            ("before_at=2026-06-01T00:00:00Z&before_id=-4", "before_id", "before_id &#39;-4&#39; is not a fill&#39;s id"),
            ("before_at=2026-06-01T00:00:00Z&before_id=12x", "before_id", "before_id &#39;12x&#39; is not a fill&#39;s id"),
            ("before_at=2026-06-01T00:00:00Z&before_id=99999999999999999999", "before_id", "is not a fill&#39;s id"),
            ("after_at=%3Cb%3E&after_id=5", "after_at", "after_at &#39;&lt;b&gt;&#39; is not a fill&#39;s time"),
            ("before_at=2026-06-01T00:00:00Z&before_id=5&after_at=2026-06-01T00:00:00Z&after_id=9", "after_at", "not both"),
        ] {
            let page = Self.page(station, "/log?cylinder=Club+08&" + query, cookie: cookie)
            #expect(page.status == 400, "\(query)")
            #expect(page.text.contains(#"<div class="error-summary" role="alert"><p><strong>No fills are shown.</strong></p>"#), "\(query)")
            #expect(page.text.contains(words) && page.text.contains(field), "\(query): \(page.text)")
            #expect(!page.text.contains("<table") && page.text.contains(#"name="cylinder" value="Club 08""#), "\(query)")
        }
    }

    @Test("A bound past either end shows no fills and a link to the newest page, with the filters")
    func pastTheEnd() throws {
        let (station, cookie) = try Self.station()
        for bound in ["before_at=2000-01-01T00:00:00Z&before_id=1", "after_at=2099-01-01T00:00:00Z&after_id=1"] {
            let page = Self.page(station, "/log?cylinder=Club+08&" + bound, cookie: cookie)
            #expect(page.status == 200 && page.ids.isEmpty && page.text.contains("0 fills shown"), "\(bound)")
            #expect(page.link("newest-fills") == "/log?cylinder=Club%2008", "\(bound)")
            #expect(page.link("older-fills") == nil && page.link("newer-fills") == nil, "\(bound)")
        }
        // From a bound beyond the newest fill, the page is the newest fills, with no Newer link.
        let beyond = Self.page(station, "/log?before_at=2099-01-01T00:00:00Z&before_id=1", cookie: cookie)
        #expect(beyond.ids == Array(Self.newestFirst(Self.rows).prefix(100)) && beyond.link("newer-fills") == nil)
    }

    @Test("A cylinder's page shows its latest 50 fills, newest first, each with a void form, and links its whole log with the count")
    func cylinderPage() throws {
        // Sixty fills whose ids do not follow their times, each at a minute of its own.
        var rows = (1...60).map { Row(id: $0, cylinder: "Club 07", minute: $0 * 7 % 61) }
        rows += (61...63).map { Row(id: $0, cylinder: "Club 08", minute: $0) }
        let (station, _) = try Self.station(rows)
        let (cookie, _) = try station.signIn("ada", "blender-pass-1")
        let page = Self.page(station, "/cylinders/Club%2007", cookie: cookie)
        let expected = Self.newestFirst(rows.filter { $0.cylinder == "Club 07" })
        // The current tag links its fill too; the history's rows are the ones with a void form.
        let voids = page.text.matches(of: /action="\/fills\/(\d+)\/void"/).compactMap { Int($0.output.1) }
        #expect(voids == Array(expected.prefix(50)))
        #expect(page.text.contains("<p>The latest 50 of its 60 fills, newest first.</p>"))
        #expect(page.link("cylinder-log") == "/log?cylinder=Club%2007" && page.text.contains(">All 60 fills in the log</a>"))
        let log = Self.page(station, try #require(page.link("cylinder-log")), cookie: cookie)
        #expect(log.ids == expected && log.text.contains("60 fills shown"))
        let few = Self.page(station, "/cylinders/Club%2008", cookie: cookie)
        #expect(few.text.contains("<p>All its 3 fills, newest first.</p>") && few.text.contains(">All 3 fills in the log</a>"))
        #expect(few.text.matches(of: /action="\/fills\/\d+\/void"/).count == 3)
    }
}
