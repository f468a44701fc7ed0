import Foundation
import LogbookStore
import Testing

@testable import GaslogServer

/// The pages show the one depth `mod CYLINDER` gives, with the same marks:
/// checked here against figures worked out in the comments, not against the CLI.
@Suite("The pages show the reference gas's MOD, mark a deeper tag, check stored depths and say a mix is hypoxic")
struct OneDepthPageTests {

    static let header =
        "id,filled_at,cylinder,label,o2,ppo2,mod_m,mod_ft,pressure_bar,blender,diver,cert,diver_o2,note,void_reason,"
        + "override_reason,rounding,label_o2,he,diver_he,label_he,recorded_by,voided_by"

    /// Imports the issue's leaner-labelled rows: EAN 32 (34 m) where the
    /// diver read 33% (32 m), and Tx 18/45 (68 m) where the diver read 18.5/40 (66 m).
    static func importLeaner(_ station: Station) throws {
        let rows = [
            header,
            "1,2026-11-01T10:00:00Z,Club 01,EAN 32,32,1.4,34,111,200,,,,33,,,,nearest,32,0,,0,,",
            "2,2026-11-01T11:00:00Z,Tx 01,Tx 18/45,18,1.4,68,224,200,,,,18.5,,,,nearest,18,45,40,45,,",
        ]
        let file = station.folder + "/older.csv"
        try Data(rows.map { $0 + "\r\n" }.joined().utf8).write(to: URL(fileURLWithPath: file))
        try station.cli(["import", file])
    }

    static func page(_ station: Station, _ path: String, cookie: String) -> (status: Int, text: String) {
        let answer = station.page("GET", path, cookie: cookie)
        return (answer.status, Station.text(answer))
    }

    @Test("Board, log, tag and cylinder pages: 32 m for the EAN 33 reading and 66 m for 18.5/40, each marked, never the tag's 34 m or 68 m")
    func leanerLabel() throws {
        let station = try Station()
        try Self.importLeaner(station)
        let (cookie, _) = try station.signIn("rita", "reader-pass-1")
        // (1.4 / 0.33 − 1) × 10 = 32.4 → 32 m; × 33 = 107.0 → 107 ft. (1.4 / 0.185 − 1) × 10 = 65.7 → 66 m.
        let board = Self.page(station, "/", cookie: cookie).text
        #expect(board.contains(#"<span class="gas">EAN 33</span>"#) && board.contains(#"<span class="mod">32 <small>m</small>"#), "\(board)")
        #expect(board.contains("the tag shows 34 m, the gas allows only 32 m; re-tag the cylinder"))
        #expect(board.contains(#"<span class="mod">66 <small>m</small>"#) && board.contains("the tag shows 68 m, the gas allows only 66 m"))
        #expect(!board.contains(#"<span class="mod">34 "#) && !board.contains(#"<span class="mod">68 "#))

        let log = Self.page(station, "/log", cookie: cookie).text
        #expect(log.contains("32 m at 1.4") && log.contains("66 m at 1.4") && !log.contains("34 m at 1.4"), "\(log)")
        #expect(log.contains("the tag shows 34 m, the gas allows only 32 m; re-tag the cylinder"))

        let tag = Self.page(station, "/fills/1/tag", cookie: cookie).text
        #expect(tag.contains(#"<p class="mod">32 m</p><p class="mod">107 ft</p>"#), "\(tag)")
        #expect(!tag.contains(#"<p class="mod">34 m</p>"#))
        #expect(tag.contains("the tag shows 34 m / 111 ft, the gas allows only 32 m / 107 ft; re-tag the cylinder"))
        // The trimix tag shows both helium readings.
        let trimixTag = Self.page(station, "/fills/2/tag", cookie: cookie).text
        #expect(trimixTag.contains("Analysed: blender 18/45, diver 18.5/40"), "\(trimixTag)")
        #expect(trimixTag.contains(#"<p class="mod">66 m</p>"#))

        let cylinder = Self.page(station, "/cylinders/Club%2001", cookie: cookie).text
        #expect(cylinder.contains(#"<p class="mod">32 m</p>"#) && cylinder.contains("re-tag the cylinder"))
    }

    @Test("A stored MOD changed outside gaslog: the board and the tag page show the problem instead of a depth; the API answers 500 integrity")
    func tamperedStoredMOD() throws {
        let station = try Station()
        try station.cli(["fill", "--o2", "32", "--at", "2026-11-30T10:00", "--", "Club 07"])
        let path = station.folder + "/logbook.sqlite"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [
            path,
            """
            DROP TRIGGER fills_are_append_only_update; UPDATE fills SET mod_m = 45 WHERE id = 1;
            CREATE TRIGGER fills_are_append_only_update BEFORE UPDATE ON fills BEGIN SELECT RAISE(ABORT, 'append-only'); END;
            """,
        ]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let (cookie, _) = try station.signIn("rita", "reader-pass-1")
        let message = "fill 1&#39;s stored MOD does not match its gas: the logbook was changed outside gaslog; run gaslog verify"
        for path in ["/", "/fills/1/tag", "/cylinders/Club%2007", "/log"] {
            let page = Self.page(station, path, cookie: cookie)
            #expect(page.text.contains(message), "\(path): \(page.text)")
            #expect(!page.text.contains("45 m") && !page.text.contains(#"<span class="mod">"#), "\(path)")
        }
    }

    @Test("The API's current-gas answers: the reference gas's MOD with the tag's, and 500 integrity for a changed stored MOD")
    func apiCurrentGas() throws {
        let server = try Station.empty()
        try server.addAccount("rita", role: "reader")
        let rows = [
            Self.header, "1,2026-11-01T10:00:00Z,Club 01,EAN 32,32,1.4,34,111,200,,,,33,,,,nearest,32,0,,0,,",
        ]
        let file = server.folder + "/older.csv"
        try Data(rows.map { $0 + "\r\n" }.joined().utf8).write(to: URL(fileURLWithPath: file))
        #expect(server.gaslog("import", file).status == 0)
        #expect(server.gaslog("fill", "Club 02", "--o2", "32").status == 0)
        let rita = Station.Credentials.basic("rita", "correct horse battery")
        // EAN 33 at 1.4: 32.4 → 32 m; the tag shows 34 m.
        let mod = server.request("GET", "/api/v1/cylinders/Club%2001/mod", as: rita)
        #expect(mod.status == 200 && mod.object["label"] as? String == "EAN 33", "\(mod.text)")
        #expect(mod.object["mod"] as? Int == 32 && mod.object["tag_mod"] as? Int == 34)
        #expect(server.request("GET", "/api/v1/cylinders/Club%2001", as: rita).object["current_gas"] as? String == "EAN 33")

        let trigger = "CREATE TRIGGER fills_are_append_only_update BEFORE UPDATE ON fills BEGIN SELECT RAISE(ABORT, 'append-only'); END;"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [server.db, "DROP TRIGGER fills_are_append_only_update; UPDATE fills SET mod_m = 45 WHERE id = 2; " + trigger]
        try process.run()
        process.waitUntilExit()
        for route in ["/api/v1/cylinders", "/api/v1/cylinders/Club%2002", "/api/v1/cylinders/Club%2002/mod"] {
            let answer = server.request("GET", route, as: rita)
            #expect(answer.status == 500 && answer.error["code"] as? String == "integrity", "\(route): \(answer.text)")
            #expect(
                answer.error["message"] as? String
                    == "fill 2's stored MOD does not match its gas: the logbook was changed outside gaslog; run gaslog verify")
        }
        // The record still answers, as stored.
        let fills = server.request("GET", "/api/v1/fills", as: rita)
        #expect(fills.status == 200 && fills.text.contains(#""mod_m":45"#), "\(fills.text)")
    }

    @Test("A hypoxic mix on the board and its tag: 'not to be breathed above 8 m' as large as the MOD, END, density and its warning")
    func hypoxicTag() throws {
        let station = try Station()
        try station.cli(["fill", "--o2", "10", "--he", "70", "--at", "2026-11-30T10:00", "--", "Deep 01"])
        let (cookie, _) = try station.signIn("rita", "reader-pass-1")
        // Minimum depth (0.18 / 0.10 − 1) × 10 = 8 m, × 33 = 26.4 → 27 ft; END at 130 m: 140 × 0.3 − 10 = 32 m; density 7.25… → 7.3 g/L.
        let tag = Self.page(station, "/fills/1/tag", cookie: cookie).text
        #expect(tag.contains(#"<p class="hypoxic">Hypoxic: not to be breathed above 8 m / 27 ft</p>"#), "\(tag)")
        #expect(tag.contains("At the MOD: END 32 m, density 7.3 g/L") && tag.contains("exceeds the maximum of 6.2 g/L"))
        let board = Self.page(station, "/", cookie: cookie).text
        #expect(board.contains(#"<p class="hypoxic">Hypoxic: not to be breathed above 8 m</p>"#), "\(board)")
        #expect(board.contains("exceeds the maximum of 6.2 g/L"))
    }
}
