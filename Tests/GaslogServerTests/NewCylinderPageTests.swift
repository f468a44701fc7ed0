import Credentials
import Foundation
import LogbookStore
import Testing

@testable import GaslogServer

/// `/new-cylinder` in process: who may add a cylinder at the tablet, the
/// register's row it writes (read with the `sqlite3` shell, against values
/// worked out here), each refusal at its field with the form kept, and the
/// new cylinder's page with its warnings.
@Suite("Adding a cylinder at the tablet: /new-cylinder for blenders and admins")
struct NewCylinderPageTests {

    /// The station, with an admin, ida, beside its blender ada and reader rita.
    static func station() throws -> Station {
        let station = try Station()
        _ = try station.service.store.addAccount(
            AccountName(parsing: "ida"), role: .admin, passwordHash: PasswordHash.make("admin-pass-1"), actor: nil)
        return station
    }

    static func query(_ station: Station, _ sql: String) -> String {
        RegisterPageTests.query(station, sql)
    }

    static func page(_ station: Station, _ path: String, cookie: String) -> (status: Int, text: String) {
        let answer = station.page("GET", path, cookie: cookie)
        return (answer.status, Station.text(answer))
    }

    @Test("The board links /new-cylinder for blenders and admins; a reader is refused it (403) and the board offers it no link")
    func whoMayAdd() throws {
        let station = try Self.station()
        for (name, password) in [("ada", "blender-pass-1"), ("ida", "admin-pass-1")] {
            let (cookie, _) = try station.signIn(name, password)
            #expect(Self.page(station, "/", cookie: cookie).text.contains(#"<a class="button secondary" href="/new-cylinder">Add a cylinder</a>"#))
            let form = Self.page(station, "/new-cylinder", cookie: cookie)
            #expect(form.status == 200, "\(name)")
            #expect(form.text.contains(#"<form method="post" action="/new-cylinder""#) && form.text.contains(#"name="csrf""#))
            for (field, label) in [
                ("cylinder", "Name"), ("serial", "Serial"), ("owner", "Owner"), ("volume", "Volume"), ("working-pressure", "Working pressure"),
                ("hydro", "Last hydrostatic test"), ("visual", "Last visual inspection"), ("o2-clean", "Oxygen-clean"), ("note", "Note"),
            ] {
                #expect(form.text.contains(#"<label for="field-\#(field)">\#(label)</label>"#), "\(field)")
            }
        }
        let (reader, readerCSRF) = try station.signIn("rita", "reader-pass-1")
        #expect(!Self.page(station, "/", cookie: reader).text.contains("/new-cylinder"))
        #expect(Self.page(station, "/new-cylinder", cookie: reader).status == 403)
        let refused = station.page("POST", "/new-cylinder", cookie: reader, form: [("csrf", readerCSRF), ("cylinder", "Rita 1")])
        #expect(refused.status == 403)
        // A blender's form without the session's token is refused as every form is.
        let (blender, _) = try station.signIn("ada", "blender-pass-1")
        #expect(station.page("POST", "/new-cylinder", cookie: blender, form: [("cylinder", "Forged 1")]).status == 403)
        #expect(Self.query(station, "SELECT count(*) FROM cylinders") == "1")
    }

    @Test("A blender adds a cylinder with every fact: the row holds them, the audit names the blender, and 303 opens its page")
    func addsWithEveryFact() throws {
        let station = try Self.station()
        let (cookie, csrf) = try station.signIn("ada", "blender-pass-1")
        let answer = station.page(
            "POST", "/new-cylinder", cookie: cookie,
            form: [
                ("csrf", csrf), ("cylinder", "Boat 12"), ("serial", "AB1234"), ("owner", "Ann Diver"), ("volume", "12"),
                ("working-pressure", "232"), ("hydro", "2025-03-01"), ("visual", "2026-03-01"), ("o2-clean", "yes"), ("note", "twin set"),
            ])
        #expect(answer.status == 303, "\(Station.text(answer))")
        #expect(Station.header(answer, "Location") == "/cylinders/Boat%2012?added=1")
        // 12 L is 1200 cL; 232 bar is 23,200 centibar.
        #expect(
            Self.query(
                station,
                "SELECT serial, owner, water_volume_cl, working_pressure_centibar, hydro_date, visual_date, o2_clean, note "
                    + "FROM cylinders WHERE name = 'Boat 12'") == "AB1234|Ann Diver|1200|23200|2025-03-01|2026-03-01|1|twin set")
        #expect(Self.query(station, "SELECT actor, kind FROM audit ORDER BY id DESC LIMIT 1") == "ada|cylinder add")
        let page = Self.page(station, "/cylinders/Boat%2012?added=1", cookie: cookie)
        #expect(page.status == 200 && page.text.contains("Cylinder Boat 12 is added to the register."), "\(page.text)")
        // Every fact known and no name near it: nothing to warn of.
        #expect(!page.text.contains(#"class="warnings""#))

        // Oxygen-clean "no", and a volume in cubic feet with its working pressure in psi, as the CLI reads them.
        let imperial = station.page(
            "POST", "/new-cylinder", cookie: cookie,
            form: [("csrf", csrf), ("cylinder", "AL80 Red"), ("volume", "80cuft"), ("working-pressure", "3000psi"), ("o2-clean", "no")])
        #expect(imperial.status == 303, "\(Station.text(imperial))")
        try station.cli(["cylinder", "add", "AL80 Blue", "--volume", "80cuft", "--working-pressure", "3000psi", "--no-o2-clean"])
        let columns = "water_volume_cl, working_pressure_centibar, o2_clean"
        let red = Self.query(station, "SELECT \(columns) FROM cylinders WHERE name = 'AL80 Red'")
        #expect(red == Self.query(station, "SELECT \(columns) FROM cylinders WHERE name = 'AL80 Blue'"))
        // 3000 psi × 6.894757 kPa = 206.84 bar; 80 ft³ × 28.3168 L ÷ 206.84 bar = 10.95 L.
        #expect(red.hasSuffix("|0"), "\(red)")
    }

    @Test("Each refusal is shown at its field with the form as sent, and nothing is added; cylinder add refuses the same input")
    func refusalsAtTheirFields() throws {
        let station = try Self.station()
        let (cookie, csrf) = try station.signIn("ada", "blender-pass-1")
        let long = String(repeating: "W", count: 65)
        let cases: [(field: String, form: [(String, String)], status: Int, cli: [String])] = [
            ("volume", [("cylinder", "Boat 12"), ("volume", "12x"), ("serial", "AB1")], 400, ["Boat 12", "--volume", "12x"]),
            ("working-pressure", [("cylinder", "Boat 12"), ("working-pressure", "lots")], 400, ["Boat 12", "--working-pressure", "lots"]),
            ("hydro", [("cylinder", "Boat 12"), ("hydro", "2025-13-01")], 400, ["Boat 12", "--hydro", "2025-13-01"]),
            ("visual", [("cylinder", "Boat 12"), ("visual", "yesterday")], 400, ["Boat 12", "--visual", "yesterday"]),
            ("cylinder", [("cylinder", long), ("owner", "Ann")], 400, [long]),
            ("cylinder", [("cylinder", "club 07"), ("owner", "Ann")], 422, ["club 07"]),
        ]
        for (field, form, status, cli) in cases {
            let answer = station.page("POST", "/new-cylinder", cookie: cookie, form: [("csrf", csrf)] + form)
            let text = Station.text(answer)
            #expect(answer.status == status, "\(field): \(text)")
            #expect(text.contains(#"id="field-\#(field)-problem""#) && text.contains("The problem is shown next to its field."), "\(field): \(text)")
            #expect(text.contains(#"aria-invalid="true""#))
            for (name, value) in form {
                #expect(text.contains(#"name="\#(name)" value="\#(value)""#), "\(field): \(name) kept")
            }
            var arguments = ["cylinder", "add"]
            arguments += cli.first.map { ["--", $0] } ?? []
            arguments.insert(contentsOf: cli.dropFirst(), at: 2)
            #expect(throws: HarnessError.self, "cylinder add refuses it too: \(field)") { try station.cli(arguments) }
        }
        let empty = station.page("POST", "/new-cylinder", cookie: cookie, form: [("csrf", csrf), ("owner", "Ann")])
        #expect(empty.status == 400 && Station.text(empty).contains(#"id="field-cylinder-problem""#), "\(Station.text(empty))")
        #expect(Station.text(empty).contains(#"name="owner" value="Ann""#))
        #expect(Self.query(station, "SELECT group_concat(name) FROM cylinders") == "Club 07")
    }

    @Test("A new name one edit from a cylinder in service, with facts unknown: its page warns similar_name and unknown_facts")
    func warnings() throws {
        let station = try Self.station()
        let (cookie, csrf) = try station.signIn("ida", "admin-pass-1")
        let answer = station.page("POST", "/new-cylinder", cookie: cookie, form: [("csrf", csrf), ("cylinder", "Club 7")])
        #expect(answer.status == 303 && Station.header(answer, "Location") == "/cylinders/Club%207?added=1")
        let page = Self.page(station, "/cylinders/Club%207?added=1", cookie: cookie).text
        let box = try #require(page.firstMatch(of: /(?s)<div class="warnings" role="alert">.*?<\/div>/)).output
        #expect(
            box.contains(#"<li data-warning="similar_name">new cylinder &#39;Club 7&#39; is one edit away from &#39;Club 07&#39; in the register"#),
            "\(box)")
        #expect(
            box.contains(
                #"<li data-warning="unknown_facts">cylinder &#39;Club 7&#39;: the register does not know its last hydrostatic test, its last visual inspection, its working pressure, whether it is oxygen-clean (pure oxygen passes through its valve)"#
            ), "\(box)")
        // Without `added`, the page is the cylinder's page as ever.
        #expect(!Self.page(station, "/cylinders/Club%207", cookie: cookie).text.contains(#"class="warnings""#))
    }

    @Test("POST /api/v1/cylinders opens to blenders, and the OpenAPI document says so; editing stays an admin's")
    func apiRole() throws {
        let station = try Station()
        func call(_ method: String, _ path: String, _ json: String) -> HTTPResponse {
            let basic = "Basic " + Data("ada:blender-pass-1".utf8).base64EncodedString()
            return station.app.serve(
                HTTPRequest(
                    method: method, rawPath: path, query: [], headers: ["authorization": basic, "content-type": "application/json"],
                    body: Array(json.utf8)))
        }
        let added = call("POST", "/api/v1/cylinders", #"{"cylinder": "Boat 12", "volume": "12"}"#)
        #expect(added.status == 201, "\(Station.text(added))")
        #expect(RegisterPageTests.query(station, "SELECT water_volume_cl FROM cylinders WHERE name = 'Boat 12'") == "1200")
        #expect(call("PATCH", "/api/v1/cylinders/Boat%2012", #"{"volume": "15"}"#).status == 403)
        let route = try #require(APIRoutes.all.first { $0.method == "POST" && $0.pathPattern == "/api/v1/cylinders" })
        #expect(route.level == .blender)
        let operation = try #require(OpenAPIDocumentTests.operation(route))
        #expect((operation["description"] as? String ?? "").contains("Needs the role blender or above."), "\(operation)")
    }
}
