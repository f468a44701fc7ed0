import Foundation
import LogbookStore
import NitroxCalculator
import Testing

@testable import GaslogCore
@testable import GaslogServer

/// The register's routes in process, through the register's use cases:
/// each warning in the object's `warnings`, every change named with its
/// account, checked against rows read with the `sqlite3` shell and depths
/// worked out from the formula here, never against the command line.
@Suite("The register over the API: warnings, allowed keys and the acting account")
struct RegisterRouteTests {
    /// "Club 04", oxygen-clean, filled with EAN 32, then renamed "Club 04 Yellow".
    static func renamedClub04(_ api: Station) throws {
        let old = try CylinderName(parsing: "Club 04")
        try api.logbook.addCylinder(old, CylinderChanges(isOxygenClean: true), actor: nil)
        let fill = FillRequest(cylinder: old, mix: try GasMix(parsing: "32"), filledAt: try Timestamp(parsing: "2026-11-01T10:00:00Z"))
        _ = try FillRecorder(fill).record(in: api.logbook)
        try api.logbook.renameCylinder(old, to: try CylinderName(parsing: "Club 04 Yellow"), actor: nil)
    }

    /// The MOD in whole metres or feet from the formula, (ppO₂ / fO₂ − 1) × 10 m
    /// or × 33 ft, the nearest whole unit, an exact half going shallower.
    static func mod(o2Permille: Int, ppo2Centibar: Int, feet: Bool = false) -> Int {
        let perBar = feet ? 33 : 10
        let numerator = perBar * (10 * ppo2Centibar - o2Permille), whole = numerator / o2Permille
        return 2 * (numerator - whole * o2Permille) > o2Permille ? whole + 1 : whole
    }

    static let renamed: [String: String] = [
        "code": "renamed", "message": "'Club 04' is an earlier name of 'Club 04 Yellow'; using that cylinder", "cylinder": "Club 04 Yellow",
    ]

    /// A warning's keys and values, as text.
    static func strings(_ warning: [String: Any]) -> [String: String] { warning.compactMapValues { $0 as? String } }

    @Test("renamed: show, edit and retire by an old name answer with the warning naming the current name, and change that cylinder")
    func renamedByOldName() throws {
        let api = try Station.api()
        try Self.renamedClub04(api)
        let shown = api.request("GET", "/api/v1/cylinders/Club%2004", as: .account("rita"))
        #expect(shown.status == 200, "\(shown.text)")
        #expect(shown.object["cylinder"] as? String == "Club 04 Yellow" && shown.object["current_fill_id"] as? Int == 1)
        #expect(shown.warnings.map { $0.map(Self.strings) } == [Self.renamed], "\(shown.text)")
        #expect(shown.text.hasSuffix(#"}]}"# + "\n"), "\(shown.text)")

        let edited = api.request("PATCH", "/api/v1/cylinders/Club%2004", json: #"{"owner": "Club", "o2_clean": false}"#)
        #expect(edited.status == 200, "\(edited.text)")
        #expect(edited.warnings.map { $0.map(Self.strings) } == [Self.renamed], "\(edited.text)")
        #expect(api.query("SELECT name, owner, o2_clean FROM cylinders") == "Club 04 Yellow|Club|0")

        let retired = api.request("POST", "/api/v1/cylinders/Club%2004/retire", json: #"{"reason": "failed visual"}"#)
        #expect(retired.status == 200 && retired.object["retired"] as? Bool == true, "\(retired.text)")
        #expect(retired.warnings.map { $0.map(Self.strings) } == [Self.renamed], "\(retired.text)")
        #expect(api.query("SELECT retired_reason FROM cylinders WHERE name = 'Club 04 Yellow'") == "failed visual")
        // Each change names the account that made it, read from the trail.
        #expect(
            api.query("SELECT group_concat(kind || ' ' || actor, ', ') FROM audit WHERE kind LIKE 'cylinder e%' OR kind = 'cylinder retire'")
                == "cylinder edit ada, cylinder retire ada")

        // The log by the old name is an array: the renamed cylinder's fills, no warnings key.
        let log = api.request("GET", "/api/v1/fills?cylinder=Club%2004", as: .account("rita"))
        #expect(log.status == 200 && (log.json as? [[String: Any]])?.map { $0["cylinder"] as? String } == ["Club 04 Yellow"], "\(log.text)")
        #expect(!log.text.contains("warnings"))
        // By its current name it is found without the warning; being retired with a current gas, it says so.
        let current = api.request("GET", "/api/v1/cylinders/Club%2004%20Yellow", as: .account("rita"))
        #expect(current.warnings?.map { $0["code"] as? String } == ["retired"], "\(current.text)")
    }

    @Test("retired and tag_deeper: GET /cylinders/{name} warns of a retired cylinder whose tag shows a deeper MOD than its gas allows")
    func retiredAndTagDeeper() throws {
        let api = try Station.api()
        // Labelled EAN 32 from the blender's 32% while the diver read 33%: the tag says 34 m / 111 ft.
        let rows =
            "id,filled_at,cylinder,label,o2,ppo2,mod_m,mod_ft,pressure_bar,blender,diver,cert,diver_o2,note,void_reason,"
            + "override_reason,rounding,label_o2,he,diver_he,label_he,recorded_by,voided_by\r\n"
            + "1,2026-11-01T10:00:00Z,Club 01,EAN 32,32,1.4,34,111,200,,,,33,,,,nearest,32,0,,0,,\r\n"
        _ = try api.logbook.importFills(
            from: ByteStream(bytes: Array(rows.utf8), name: "rows"), actor: nil, latest: EntryTimeLimit(clockOf: api.logbook).latest)
        #expect(Self.mod(o2Permille: 320, ppo2Centibar: 140) == 34 && Self.mod(o2Permille: 320, ppo2Centibar: 140, feet: true) == 111)
        let metres = Self.mod(o2Permille: 330, ppo2Centibar: 140), feet = Self.mod(o2Permille: 330, ppo2Centibar: 140, feet: true)
        #expect(metres == 32 && feet == 107)

        let inService = api.request("GET", "/api/v1/cylinders/Club%2001", as: .account("rita"))
        #expect(
            inService.warnings.map { $0.map(Self.strings) } == [
                ["code": "tag_deeper", "message": "the tag shows 34 m, the gas allows only \(metres) m; re-tag the cylinder"]
            ], "\(inService.text)")

        #expect(api.request("POST", "/api/v1/cylinders/Club%2001/retire", json: #"{"reason": "dented"}"#).status == 200)
        #expect(api.query("SELECT retired_at IS NOT NULL FROM cylinders WHERE name = 'Club 01'") == "1")
        let retired = api.request("GET", "/api/v1/cylinders/Club%2001?unit=imperial", as: .account("rita"))
        #expect(retired.status == 200 && retired.object["current_gas"] as? String == "EAN 33", "\(retired.text)")
        #expect(
            retired.warnings.map { $0.map(Self.strings) } == [
                ["code": "retired", "message": "cylinder 'Club 01' is retired"],
                ["code": "tag_deeper", "message": "the tag shows 111 ft, the gas allows only \(feet) ft; re-tag the cylinder"],
            ], "\(retired.text)")

        // The tag's JSON: the MOD the richer reading allows, in the unit asked for.
        let tag = api.request("GET", "/api/v1/fills/1/tag?unit=imperial", as: .account("rita"))
        #expect(tag.status == 200 && tag.object["mod"] as? Int == feet && tag.object["mod_ft"] as? Int == 111, "\(tag.text)")
        #expect(tag.object["mod_from"] as? String == "diver" && tag.object["warnings"] == nil)
    }

    @Test("other_unit: POST /cylinders with a working pressure that reads as psi is 201 with the warning, stored as given")
    func otherUnitOnAdd() throws {
        let api = try Station.api()
        let added = api.request("POST", "/api/v1/cylinders", json: #"{"cylinder": "Low 01", "working_pressure": 30}"#)
        #expect(added.status == 201 && added.header("Location") == "/api/v1/cylinders/Low%2001", "\(added.text)")
        // 30 bar × 14.5038 psi/bar = 435.1 psi.
        #expect(
            added.warnings.map { $0.map(Self.strings) } == [
                ["code": "other_unit", "message": "30 bar is 435 psi; if you meant 30 psi, give it as 30psi"]
            ], "\(added.text)")
        #expect(api.query("SELECT name, working_pressure_centibar FROM cylinders") == "Low 01|3000")
        #expect(api.query("SELECT actor FROM audit WHERE kind = 'cylinder add'") == "ada")
    }

    @Test("Each route allows its use case's inputs and no other key; statuses stay as they were")
    func allowedKeys() throws {
        let api = try Station.api()
        try Self.renamedClub04(api)
        for (method, path, body) in [
            ("POST", "/api/v1/cylinders", #"{"name": "X"}"#), ("POST", "/api/v1/cylinders", #"{"cylinder": "X", "json": true}"#),
            ("POST", "/api/v1/cylinders", #"{"cylinder": "X", "no_o2_clean": true}"#),
            ("PATCH", "/api/v1/cylinders/Club%2004", #"{"cylinder": "Y"}"#), ("PATCH", "/api/v1/cylinders/Club%2004", #"{"db": "/tmp/x"}"#),
            ("POST", "/api/v1/cylinders/Club%2004/retire", #"{"reason": "x", "unit": "metric"}"#),
        ] {
            let refused = api.request(method, path, json: body)
            #expect(refused.status == 400 && refused.error["code"] as? String == "bad_input", "\(method) \(path) \(body): \(refused.text)")
            #expect((refused.error["message"] as? String)?.hasPrefix("unknown key '") == true, "\(refused.text)")
        }
        for path in [
            "/api/v1/cylinders?json=true", "/api/v1/cylinders/Club%2004?cylinder=X", "/api/v1/config?unit=metric", "/api/v1/due?color=always",
            "/api/v1/fills?output=x", "/api/v1/fills/1/tag?id=2",
        ] {
            let refused = api.request("GET", path, as: .account("rita"))
            #expect(refused.status == 400 && (refused.error["message"] as? String)?.hasPrefix("unknown key '") == true, "\(path): \(refused.text)")
        }
        // A field at fault is named as its key.
        let badDate = api.request("PATCH", "/api/v1/cylinders/Club%2004", json: #"{"hydro": "2026-02-30"}"#)
        #expect(badDate.status == 400 && badDate.error["field"] as? String == "hydro", "\(badDate.text)")
        let both = api.request("PATCH", "/api/v1/cylinders/Club%2004", json: #"{"serial": "S", "clear": ["serial"]}"#)
        #expect(both.status == 400 && both.error["message"] as? String == "give 'serial' or 'clear' serial, not both", "\(both.text)")
        #expect(api.request("PATCH", "/api/v1/cylinders/Club%2004", json: "{}").status == 400)
        #expect(api.request("GET", "/api/v1/cylinders/Nobody", as: .account("rita")).status == 404)
        #expect(api.request("POST", "/api/v1/cylinders", json: #"{"cylinder": "club 04 yellow"}"#).status == 422)
        #expect(api.request("POST", "/api/v1/cylinders", as: .account("rita"), json: #"{"cylinder": "Z"}"#).status == 403)
        #expect(api.request("GET", "/api/v1/fills/9/tag", as: .account("rita")).status == 404)
        #expect(api.request("GET", "/api/v1/due?within=-1", as: .account("rita")).status == 400)
        #expect(api.query("SELECT count(*) FROM cylinders") == "1")
    }

    @Test("Settings: GET /config lists them; PUT /config/{key} changes one for its account; an unknown key is 404")
    func settings() throws {
        let api = try Station.api()
        let listed = api.request("GET", "/api/v1/config", as: .account("rita"))
        #expect(listed.status == 200 && listed.object["unit"] as? String == "metric" && listed.object["hydro-interval-years"] as? Int == 5)
        #expect(listed.object["warnings"] == nil)
        // A currency code is text, though it has no fixed choices.
        #expect(listed.object["currency"] as? String == "EUR" && listed.object["billing-gas-model"] as? String == "ideal", "\(listed.text)")
        let changed = api.request("PUT", "/api/v1/config/unit", json: #"{"value": "imperial"}"#)
        #expect(changed.status == 200 && changed.text == #"{"key":"unit","value":"imperial"}"# + "\n", "\(changed.text)")
        #expect(api.query("SELECT value FROM settings WHERE key = 'unit'") == "imperial")
        #expect(api.query("SELECT actor FROM audit WHERE kind = 'setting'") == "ada")
        #expect(api.request("PUT", "/api/v1/config/colour", json: #"{"value": "red"}"#).status == 404)
        #expect(api.request("PUT", "/api/v1/config/unit", json: #"{"value": "metres"}"#).status == 400)
        #expect(api.request("PUT", "/api/v1/config/unit", json: #"{"value": "metric", "x": 1}"#).status == 400)
        #expect(api.request("PUT", "/api/v1/config/unit", as: .account("rita"), json: #"{"value": "metric"}"#).status == 403)
        #expect(api.request("GET", "/api/v1/config", as: .account("rita")).object["unit"] as? String == "imperial")
    }

    @Test("GET /due: inspections due within the days asked, soonest first, worked out from the intervals")
    func due() throws {
        let api = try Station.api()
        // A visual inspection on 2025-12-10 is valid through 2026-12-10: 9 days after 2026-12-01.
        try api.logbook.addCylinder(try CylinderName(parsing: "Soon"), CylinderChanges(visualDate: try CivilDate(parsing: "2025-12-10")), actor: nil)
        try api.logbook.addCylinder(try CylinderName(parsing: "Later"), CylinderChanges(visualDate: try CivilDate(parsing: "2026-06-01")), actor: nil)
        let due = api.request("GET", "/api/v1/due?within=30", as: .account("rita"))
        let rows = try #require(due.json as? [[String: Any]], "\(due.text)")
        #expect(rows.map { $0["cylinder"] as? String } == ["Soon"] && rows.first?["days_left"] as? Int == 9, "\(due.text)")
        #expect(rows.first?["due"] as? String == "2026-12-10" && rows.first?["inspection"] as? String == "visual")
    }
}
