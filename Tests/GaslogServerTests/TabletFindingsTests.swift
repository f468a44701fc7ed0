import Foundation
import LogbookStore
import Testing

@testable import GaslogServer

/// What issue #35 found on the pages, each fixed, in process: a mistyped
/// page address is the HTML 404 page and never the API's password dialog;
/// the empty board says how to begin; the log gives a hypoxic mix's
/// minimum depth beside its MOD. Depths are worked out here.
@Suite("The tablet's findings of #35: unknown paths, the empty board, the log's minimum depth")
struct TabletFindingsTests {

    static func page(_ station: Station, _ path: String, cookie: String) -> (status: Int, text: String) {
        let answer = station.page("GET", path, cookie: cookie)
        return (answer.status, Station.text(answer))
    }

    /// A GET through the server's one entry, as `gaslog serve` answers it.
    static func get(_ station: Station, _ path: String, headers: [String: String] = [:]) -> HTTPResponse {
        station.app.serve(HTTPRequest(method: "GET", rawPath: path, query: [], headers: headers, body: []))
    }

    @Test("Under /api/ an unknown path is 401 without credentials and JSON 404 with them; any other is the HTML 404, never WWW-Authenticate")
    func unknownPaths() throws {
        let station = try Station()
        let (cookie, _) = try station.signIn("rita", "reader-pass-1")
        let basic = "Basic " + Data("rita:reader-pass-1".utf8).base64EncodedString()
        for path in ["/no/such/page", "/cylinder/Club%2007", "/healthz/more", "/apis", "/v1/cylinders"] {
            for headers in [[:], ["cookie": cookie], ["authorization": basic]] {
                let answer = Self.get(station, path, headers: headers)
                #expect(answer.status == 404, "\(path) \(headers.keys.sorted()): \(answer.status)")
                #expect(Station.header(answer, "Content-Type").hasPrefix("text/html"), "\(path)")
                #expect(Station.header(answer, "WWW-Authenticate").isEmpty, "\(path)")
                #expect(Station.text(answer).contains("There is no page at \(path)."), "\(path)")
            }
        }
        for path in ["/api/v1/nothing", "/api/nothing", "/api"] {
            for headers in [[:], ["cookie": cookie]] {
                let anonymous = Self.get(station, path, headers: headers)
                #expect(anonymous.status == 401 && Station.header(anonymous, "WWW-Authenticate").hasPrefix("Basic"), "\(path)")
                #expect(Station.header(anonymous, "Content-Type").hasPrefix("application/json"), "\(path)")
            }
            let known = Self.get(station, path, headers: ["authorization": basic])
            #expect(known.status == 404 && Station.header(known, "WWW-Authenticate").isEmpty, "\(path)")
            let error = (try? JSONSerialization.jsonObject(with: Data(known.body))) as? [String: [String: Any]]
            #expect(error?["error"]?["code"] as? String == "not_found", "\(path): \(Station.text(known))")
        }
        // The API's own paths are still the API's; the pages are still the pages'.
        #expect(Station.text(Self.get(station, "/healthz")) == #"{"status":"ok"}"# + "\n")
        #expect(Self.get(station, "/api/v1/cylinders", headers: ["authorization": basic]).status == 200)
        #expect(Self.get(station, "/log", headers: ["cookie": cookie]).status == 200)
    }

    @Test("The empty board says No cylinders yet, with links to add one and to record a fill; a search that finds none says No cylinder matches.")
    func emptyBoard() throws {
        let empty = try Station(cylinder: false)
        let (blender, _) = try empty.signIn("ada", "blender-pass-1")
        let board = Self.page(empty, "/", cookie: blender).text
        let main = try #require(board.firstMatch(of: /(?s)<main id="main">.*<\/main>/)).output
        #expect(main.contains("No cylinders yet") && !main.contains("No cylinder matches."), "\(main)")
        #expect(main.contains(#"<a class="button" href="/new-cylinder">Add a cylinder</a>"#), "\(main)")
        #expect(main.contains(#"<a class="button secondary" href="/fill">Record a fill</a>"#), "\(main)")
        let (reader, _) = try empty.signIn("rita", "reader-pass-1")
        let readerMain = try #require(Self.page(empty, "/", cookie: reader).text.firstMatch(of: /(?s)<main id="main">.*<\/main>/)).output
        #expect(readerMain.contains("No cylinders yet") && !readerMain.contains("href=\"/new-cylinder\""))

        let station = try Station()
        let (cookie, _) = try station.signIn("ada", "blender-pass-1")
        let none = Self.page(station, "/?q=zzz", cookie: cookie).text
        #expect(none.contains("<p>No cylinder matches.</p>") && !none.contains("No cylinders yet"))
    }

    @Test("The log shows Tx 10.5/69's minimum depth beside its MOD in the board's words, in metres and in feet; a nitrox has none")
    func logMinimumDepth() throws {
        let station = try Station()
        try station.cli(["fill", "--o2", "10.5", "--he", "69", "--at", "2026-11-30T10:00", "--", "Deep 01"])
        try station.cli(["fill", "--o2", "32", "--at", "2026-11-30T11:00", "--", "Club 07"])
        let (cookie, _) = try station.signIn("rita", "reader-pass-1")
        // MOD at 1.4: (1.4 / 0.105 − 1) × 10 = 123.3 → 123 m; × 33 = 407.0 → 407 ft.
        // Minimum depth at ppO₂ 0.18, rounded up: (0.18 / 0.105 − 1) × 10 = 7.14 → 8 m; × 33 = 23.6 → 24 ft.
        let minimum = (metres: (1800 - 1050 + 104) / 105, feet: ((180 - 105) * 33 + 104) / 105)
        #expect(minimum == (8, 24))
        for (unit, mod, depth, symbol) in [("metric", 123, minimum.metres, "m"), ("imperial", 407, minimum.feet, "ft")] {
            let log = Self.page(station, "/log?unit=\(unit)", cookie: cookie).text
            let row = try #require(log.firstMatch(of: /(?s)<tr><td data-label="Fill"><a class="unbroken" href="\/fills\/1\/tag">.*?<\/tr>/)).output
            #expect(
                row.contains(
                    #"<td data-label="MOD">\#(mod) \#(symbol) at 1.4<p class="hypoxic">Hypoxic: not to be breathed above \#(depth) \#(symbol)</p></td>"#
                ),
                "\(row)")
            let nitrox = try #require(log.firstMatch(of: /(?s)<tr><td data-label="Fill"><a class="unbroken" href="\/fills\/2\/tag">.*?<\/tr>/)).output
            #expect(!nitrox.contains("hypoxic"), "\(nitrox)")
            // The board says it in the same words.
            let board = Self.page(station, "/?unit=\(unit)", cookie: cookie).text
            #expect(board.contains(#"<p class="hypoxic">Hypoxic: not to be breathed above \#(depth) \#(symbol)</p>"#))
        }
    }
}
