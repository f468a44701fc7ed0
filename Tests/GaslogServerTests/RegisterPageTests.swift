import Credentials
import Foundation
import LogbookStore
import Testing

@testable import GaslogServer

/// The cylinder page's changes and the log page run the register's and the
/// log's use cases: checked against rows read with the `sqlite3` shell.
@Suite("The cylinder and log pages through the use cases")
struct RegisterPageTests {

    /// One value read with the sqlite3 shell.
    static func query(_ station: Station, _ sql: String) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = ["-readonly", station.folder + "/logbook.sqlite", sql]
        let pipe = Pipe()
        process.standardOutput = pipe
        try? process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The station, with an admin, "Club 07" filled with EAN 32 and renamed "Club 07 Red"; signed in as the admin.
    static func renamedStation() throws -> (Station, cookie: String, csrf: String) {
        let station = try Station()
        _ = try station.service.store.addAccount(
            AccountName(parsing: "otto"), role: .admin, passwordHash: PasswordHash.make("admin-pass-1"), actor: nil)
        try station.cli(["fill", "Club 07", "--o2", "32", "--pressure", "200", "--at", "2026-11-29T10:00:00Z"])
        try station.cli(["cylinder", "rename", "Club 07", "Club 07 Red"])
        let (cookie, csrf) = try station.signIn("otto", "admin-pass-1")
        return (station, cookie, csrf)
    }

    @Test("Retire and reinstate by an old name change the renamed cylinder for the admin; the page then says whose name it was")
    func retireByOldName() throws {
        let (station, cookie, csrf) = try Self.renamedStation()
        let retired = station.page("POST", "/cylinders/Club%2007/retire", cookie: cookie, form: [("csrf", csrf), ("reason", "failed visual")])
        #expect(retired.status == 303 && Station.header(retired, "Location") == "/cylinders/Club%2007?changed=1", "\(Station.text(retired))")
        #expect(Self.query(station, "SELECT name, retired_reason FROM cylinders") == "Club 07 Red|failed visual")
        #expect(Self.query(station, "SELECT actor FROM audit WHERE kind = 'cylinder retire'") == "otto")
        let page = Station.text(station.page("GET", "/cylinders/Club%2007?changed=1", cookie: cookie))
        #expect(page.contains("&#39;Club 07&#39; is an earlier name of &#39;Club 07 Red&#39;; using that cylinder."), "\(page)")
        #expect(page.contains(#"<span class="mark retired">Retired</span>"#) && page.contains("The register is updated."), "\(page)")

        let again = station.page("POST", "/cylinders/Club%2007/retire", cookie: cookie, form: [("csrf", csrf), ("reason", "again")])
        #expect(again.status == 422, "\(Station.text(again))")
        let reinstated = station.page("POST", "/cylinders/Club%2007/reinstate", cookie: cookie, form: [("csrf", csrf), ("reason", "repaired")])
        #expect(reinstated.status == 303)
        #expect(Self.query(station, "SELECT retired_at IS NULL FROM cylinders") == "1")
        #expect(Self.query(station, "SELECT group_concat(kind, ',') FROM cylinder_events ORDER BY id") == "renamed,retired,reinstated")
    }

    @Test("Rename and edit from the page: the new name and facts are stored for the admin; an untouched form changes nothing")
    func renameAndEdit() throws {
        let (station, cookie, csrf) = try Self.renamedStation()
        let renamed = station.page("POST", "/cylinders/Club%2007%20Red/rename", cookie: cookie, form: [("csrf", csrf), ("new-name", "Club 7")])
        #expect(renamed.status == 303 && Station.header(renamed, "Location") == "/cylinders/Club%207?changed=1")
        #expect(Self.query(station, "SELECT name FROM cylinders") == "Club 7")
        #expect(Self.query(station, "SELECT actor FROM audit WHERE kind = 'cylinder rename' ORDER BY id DESC LIMIT 1") == "otto")

        let form: [(String, String)] = [
            ("csrf", csrf), ("serial", "AB-1"), ("owner", ""), ("volume", "12"), ("working-pressure", "232"), ("hydro", "2025-01-10"),
            ("visual", ""), ("o2-clean", "no"), ("note", "blue boot"),
        ]
        #expect(station.page("POST", "/cylinders/Club%207/edit", cookie: cookie, form: form).status == 303)
        // 12 L is 1,200 cL, 232 bar 23,200 cbar.
        #expect(
            Self.query(
                station, "SELECT serial, owner, water_volume_cl, working_pressure_centibar, hydro_date, visual_date, o2_clean, note FROM cylinders")
                == "AB-1||1200|23200|2025-01-10||0|blue boot")
        let edits = Self.query(station, "SELECT count(*) FROM audit WHERE kind = 'cylinder edit' AND actor = 'otto'")
        #expect(edits == "1")
        // Saving the same facts again, then clearing the serial.
        #expect(
            station.page("POST", "/cylinders/Club%207/edit", cookie: cookie, form: form.map { $0.0 == "serial" ? ($0.0, "") : $0 }).status == 303)
        #expect(Self.query(station, "SELECT serial IS NULL, note FROM cylinders") == "1|blue boot")
        let bad = station.page("POST", "/cylinders/Club%207/edit", cookie: cookie, form: [("csrf", csrf), ("hydro", "2026-02-30")])
        #expect(bad.status == 400 && Station.text(bad).contains("2026-02-30"), "\(Station.text(bad))")
    }

    @Test("The log page lists what the log's use case gives: filtered by an earlier name, limited, and a bad filter refused")
    func logPage() throws {
        let (station, cookie, _) = try Self.renamedStation()
        try station.cli(["fill", "Club 08", "--o2", "36", "--at", "2026-11-30T10:00:00Z"])
        try station.cli(["fill", "Club 07 Red", "--o2", "30", "--at", "2026-11-30T11:00:00Z"])
        let all = Station.text(station.page("GET", "/log", cookie: cookie))
        #expect(all.contains("3 fills shown, newest first."), "\(all)")
        let byOldName = Station.text(station.page("GET", "/log?cylinder=Club%2007", cookie: cookie))
        #expect(byOldName.contains("2 fills shown, newest first."), "\(byOldName)")
        // Newest first: fill 3 (EAN 30) before fill 1 (EAN 32), both of the renamed cylinder.
        let ids = byOldName.matches(of: /href="\/fills\/(\d+)\/tag"/).map { String($0.output.1) }
        #expect(ids == ["3", "1"], "\(byOldName)")
        #expect(
            Self.query(
                station,
                "SELECT group_concat(id, ',') FROM (SELECT id FROM fills WHERE cylinder_id = (SELECT id FROM cylinders WHERE name = 'Club 07 Red') ORDER BY filled_at DESC)"
            ) == "3,1")
        let limited = Station.text(station.page("GET", "/log?limit=1&overridden=", cookie: cookie))
        #expect(limited.contains("1 fill shown, newest first."), "\(limited)")
        #expect(Station.text(station.page("GET", "/log?overridden=1", cookie: cookie)).contains("0 fills shown"))
        let bad = station.page("GET", "/log?gas=40x", cookie: cookie)
        #expect(bad.status == 400 && Station.text(bad).contains("40x"), "\(Station.text(bad))")
        #expect(station.page("GET", "/log?cylinder=Nobody", cookie: cookie).status == 404)
    }
}
