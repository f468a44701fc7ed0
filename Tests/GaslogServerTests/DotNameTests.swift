import Credentials
import Foundation
import Testing

@testable import GaslogServer
@testable import LogbookStore

/// #36: cylinders named `.` and `..` (from before such names were refused)
/// open from the pages through `/cylinders?name=NAME`, which a browser does
/// not rewrite as it rewrites `/cylinders/..` to `/`.
@Suite("Cylinders named . and .. open from the pages")
struct DotNameTests {
    /// A station whose logbook has cylinders named `.` and `..`, written as an older gaslog could have.
    static func station() throws -> Station {
        let station = try Station()
        let database = try Database(path: station.folder + "/logbook.sqlite", mode: .readWrite)
        try database.execute(
            script: """
                INSERT INTO cylinders (id, name, name_key, created_at, o2_clean) VALUES
                    (20, '.', '.', '2025-01-01T00:00:00Z', 1), (21, '..', '..', '2025-01-01T00:00:00Z', 1);
                """)
        try station.cli(["fill", "--o2", "32", "--pressure", "200", "--", "."])
        try station.cli(["fill", "--o2", "36", "--pressure", "200", "--", ".."])
        return station
    }

    @Test("/cylinders?name=NAME opens any cylinder: ., .. and Club 07")
    func query() throws {
        let station = try Self.station()
        let (cookie, _) = try station.signIn("rita", "reader-pass-1")
        for (name, encoded) in [(".", "."), ("..", ".."), ("Club 07", "Club%2007")] {
            let page = station.page("GET", "/cylinders?name=\(encoded)", cookie: cookie)
            #expect(page.status == 200, "\(name)")
            #expect(Station.text(page).contains("<h1>Cylinder \(name)<"), "\(name): \(Station.text(page).prefix(600))")
        }
        #expect(station.page("GET", "/cylinders?name=Nothing", cookie: cookie).status == 404)
    }

    @Test("The board, the log and the tag link . and .. by the query, other names by their path")
    func links() throws {
        let station = try Self.station()
        let (cookie, _) = try station.signIn("rita", "reader-pass-1")
        for path in ["/", "/log"] {
            let text = Station.text(station.page("GET", path, cookie: cookie))
            #expect(text.contains(#"href="/cylinders?name=.""#), "\(path)")
            #expect(text.contains(#"href="/cylinders?name=..""#), "\(path)")
            #expect(!text.contains(#"href="/cylinders/.""#) && !text.contains(#"href="/cylinders/..""#), "\(path)")
        }
        let tag = Station.text(station.page("GET", "/fills/2/tag", cookie: cookie))
        #expect(tag.contains(#"href="/cylinders?name=..""#))
    }

    @Test("An admin's forms on the page of .. post by the query, and the change lands on ..")
    func adminForms() throws {
        let station = try Self.station()
        let logbook = station.service.store
        _ = try logbook.addAccount(AccountName(parsing: "root"), role: .admin, passwordHash: PasswordHash.make("admin-pass-12"), actor: nil)
        let (cookie, csrf) = try station.signIn("root", "admin-pass-12")
        let page = Station.text(station.page("GET", "/cylinders?name=..", cookie: cookie))
        for action in ["edit", "rename", "retire"] {
            #expect(page.contains(#"action="/cylinders/\#(action)?name=..""#), "\(action)")
        }
        let retired = station.page("POST", "/cylinders/retire?name=..", cookie: cookie, form: [("csrf", csrf), ("reason", "failed hydro")])
        #expect(retired.status == 303, "\(Station.text(retired))")
        #expect(Station.header(retired, "Location") == "/cylinders?name=..&changed=1")
        #expect(try logbook.cylinder(CylinderName(parsing: "..")).isRetired)
        #expect(try !logbook.cylinder(CylinderName(parsing: ".")).isRetired)
    }
}
