import Foundation
import Testing

/// The calculators, `mod` and `blend` over HTTP, through their use cases:
/// each answer's figures are checked against the formulas, worked out here,
/// and each warning the CLI gives is in the answer's `warnings`.
@Suite("The API's calculators, mod and blend: figures by the formulas, and every warning", .serialized)
struct PlanningRouteTests {
    let blender = Station.Credentials.basic("ben", "correct horse battery")
    let reader = Station.Credentials.basic("rita", "correct horse battery")

    /// The MOD by integer arithmetic: (ppO₂ / fO₂ − 1) × 10 m (33 ft), O2 in
    /// tenths of a percent, ppO₂ in hundredths of a bar, the nearest whole
    /// unit with an exact half going shallower.
    static func formulaMOD(o2Permille: Int, ppo2Centibar: Int, perBar: Int = 10) -> Int {
        let numerator = perBar * (10 * ppo2Centibar - o2Permille), denominator = o2Permille
        let whole = numerator / denominator, remainder = numerator - whole * denominator
        return 2 * remainder > denominator ? whole + 1 : whole
    }

    /// A server with a blender and a reader.
    func server(_ setup: [[String]] = []) throws -> Station {
        let server = try Station.empty()
        try server.addAccount("ben", role: "blender")
        try server.addAccount("rita", role: "reader")
        for arguments in setup {
            let result = server.gaslog(arguments)
            #expect(result.status == 0, "\(arguments): \(result)")
        }
        return server
    }

    /// The codes of an answer's warnings, and the warnings themselves.
    func warnings(_ response: Station.Response) -> [[String: Any]] {
        response.object["warnings"] as? [[String: Any]] ?? [["missing": response.text]]
    }

    @Test("ppo2, end and mod: ppo2, hypoxic and density warnings, with the figures the formulas give")
    func calculatorWarnings() throws {
        let server = try server()
        // 0.32 × (50 / 10 + 1) = 1.92 bar.
        let over = server.request("GET", "/api/v1/ppo2?o2=32&depth=50", as: reader)
        #expect(over.status == 200, "\(over.text)")
        #expect((over.object["ppo2"] as? NSNumber)?.stringValue == "1.92")
        // And (1.429 × 0.32 + 1.251 × 0.68) × 6 = 7.85 g/L: above 6.2, the one density rule (#35).
        #expect(warnings(over).map { $0["code"] as? String } == ["ppo2", "density"])
        #expect(warnings(over).last?["limit"] as? String == "maximum")
        #expect(warnings(over).first?["message"] as? String == "ppO₂ 1.92 — over 1.6: not breathable (EAN 32 at 50 m)")
        // 0.32 × 3 = 0.96 bar: nothing to say.
        let within = server.request("GET", "/api/v1/ppo2?o2=32&depth=20", as: reader)
        #expect((within.object["ppo2"] as? NSNumber)?.stringValue == "0.96" && within.object["warnings"] as? [Any] != nil)
        #expect((within.object["warnings"] as? [Any])?.isEmpty == true, "\(within.text)")

        // 0.10 × 1.2 = 0.12 bar, below ppo2-min 0.18.
        let hypoxic = server.request("GET", "/api/v1/end?o2=10%2F70&depth=2", as: reader)
        #expect(hypoxic.status == 200, "\(hypoxic.text)")
        #expect(warnings(hypoxic).map { $0["code"] as? String } == ["hypoxic"])
        #expect(warnings(hypoxic).first?["message"] as? String == "Tx 10/70 is hypoxic at 2 m: its ppO₂ there is 0.12, below ppo2-min 0.18")

        // (1.429 × 0.18 + 1.251 × 0.37 + 0.1786 × 0.45) × 7 = 5.603 g/L, shown 5.7: above 5.2.
        let dense = server.request("GET", "/api/v1/end?o2=18&he=45&depth=60", as: reader)
        #expect((dense.object["density"] as? NSNumber)?.stringValue == "5.7", "\(dense.text)")
        #expect(warnings(dense).map { $0["code"] as? String } == ["density"])
        #expect(warnings(dense).first?["limit"] as? String == "recommended")

        // Tx 18/45: (1.4 / 0.18 − 1) × 10 = 67.8 → 68 m, where it is 0.80046 × 7.8 = 6.24 g/L, shown 6.3: above 6.2.
        let mod = server.request("GET", "/api/v1/mod?o2=18%2F45", as: reader)
        #expect(mod.status == 200, "\(mod.text)")
        #expect(mod.object["mod"] as? Int == Self.formulaMOD(o2Permille: 180, ppo2Centibar: 140))
        #expect(Self.formulaMOD(o2Permille: 180, ppo2Centibar: 140) == 68)
        #expect((mod.object["density"] as? NSNumber)?.stringValue == "6.3")
        #expect(warnings(mod).map { $0["code"] as? String } == ["density"])
        #expect(warnings(mod).first?["limit"] as? String == "maximum")
        #expect(warnings(mod).first?["message"] as? String == "gas density 6.3 g/L (Tx 18/45 at 68 m) exceeds the maximum of 6.2 g/L")

        // EAN 36 at ppO₂ 1.6 in feet: (1.6 / 0.36 − 1) × 33 = 113.67 → 114 ft.
        let feet = server.request("GET", "/api/v1/mod?o2=36&ppo2=1.6&unit=imperial", as: reader)
        #expect(Self.formulaMOD(o2Permille: 360, ppo2Centibar: 160, perBar: 33) == 114)
        // There (114 / 33 + 1 bar) it is (1.429 × 0.36 + 1.251 × 0.64) × 4.4545 = 5.86 g/L: above 5.2.
        #expect(feet.object["mod"] as? Int == 114, "\(feet.text)")
        #expect(warnings(feet).map { $0["code"] as? String } == ["density"] && warnings(feet).first?["limit"] as? String == "recommended")

        // best-mix: 1.4 / 4 = 0.35, EAN 35, MOD 30 m; at 30 m it is (1.429 × 0.35 + 1.251 × 0.65) × 4 = 5.25 g/L,
        // above 5.2. ead keeps its keys.
        let best = server.request("GET", "/api/v1/best-mix?depth=30", as: reader)
        #expect(best.object["label"] as? String == "EAN 35" && best.object["mod"] as? Int == Self.formulaMOD(o2Permille: 350, ppo2Centibar: 140))
        #expect(warnings(best).map { $0["limit"] as? String } == ["recommended"], "\(best.text)")
        let ead = server.request("GET", "/api/v1/ead?o2=32&depth=30", as: reader)
        // (30 + 10) × 0.68 / 0.79 − 10 = 24.43, rounded up: 25 m.
        #expect(ead.object["ead"] as? Int == 25 && Set(ead.object.keys) == ["o2", "label", "depth", "ead", "unit"], "\(ead.text)")
    }

    @Test("Refusals and bad input keep their statuses: not breathable 422, no nitrox 422, neither gas nor cylinder 400")
    func statuses() throws {
        let server = try server()
        let notBreathable = server.request("GET", "/api/v1/ead?o2=36&depth=35", as: reader)
        #expect(notBreathable.status == 422 && notBreathable.error["code"] as? String == "refused", "\(notBreathable.text)")
        // EAN 36 at 1.6: (1.6 / 0.36 − 1) × 10 = 34.4, rounded down: 34 m.
        #expect(
            notBreathable.error["message"] as? String
                == "EAN 36 is not breathable at 35 m: its ppO₂ there is over 1.6 (its MOD at 1.6 is 34 m)")
        #expect(server.request("GET", "/api/v1/end?o2=50&depth=30", as: reader).status == 422)
        let tooDeep = server.request("GET", "/api/v1/best-mix?depth=60", as: reader)
        #expect(tooDeep.status == 422 && (tooDeep.error["message"] as? String ?? "").contains("even air reaches only 56.6 m"), "\(tooDeep.text)")
        let helium = server.request("GET", "/api/v1/ead?o2=18%2F45&depth=30", as: reader)
        #expect(helium.status == 400 && helium.error["field"] as? String == "o2", "\(helium.text)")
        let neither = server.request("GET", "/api/v1/mod", as: reader)
        #expect(neither.status == 400 && neither.error["message"] as? String == "missing 'o2' or '<cylinder>'", "\(neither.text)")
        // The gas path takes no cylinder: that is the other path's.
        let cylinder = server.request("GET", "/api/v1/mod?cylinder=Club%2007", as: reader)
        #expect(cylinder.status == 400 && cylinder.error["message"] as? String == "unknown key 'cylinder'", "\(cylinder.text)")
        let backwards = server.request("GET", "/api/v1/table?from=40&to=30", as: reader)
        #expect(backwards.status == 400 && backwards.error["message"] as? String == "'from' 40 is above 'to' 30", "\(backwards.text)")
        // The table is an array, a row per line, without warnings.
        let table = server.request("GET", "/api/v1/table?from=32&to=33&ppo2=1.4", as: reader)
        #expect(
            table.text
                == #"[\#n{"o2":32,"label":"EAN 32","mod":{"1.4":34},"unit":"metric"},\#n{"o2":33,"label":"EAN 33","mod":{"1.4":32},"unit":"metric"}\#n]\#n"#,
            "\(table.text)")
    }

    @Test("GET /cylinders/{name}/mod: tag_deeper, retired and renamed warnings, with the depth the gas allows")
    func cylinderWarnings() throws {
        let csv =
            "id,filled_at,cylinder,label,o2,ppo2,mod_m,mod_ft,pressure_bar,blender,diver,cert,diver_o2,note,void_reason,"
            + "override_reason,rounding,label_o2,he,diver_he,label_he,recorded_by,voided_by\r\n"
            + "1,2026-11-01T10:00:00Z,Club 01,EAN 32,32,1.4,34,111,200,,,,33,,,,nearest,32,0,,0,,\r\n"
        let server = try Station.empty()
        let file = server.folder + "/older.csv"
        try Data(csv.utf8).write(to: URL(fileURLWithPath: file))
        try server.addAccount("ben", role: "blender")
        try server.addAccount("rita", role: "reader")
        for arguments in [
            ["import", file],
            ["cylinder", "add", "--working-pressure", "232", "--hydro", "2026-01-01", "--visual", "2026-06-01", "--", "Old Steel"],
            ["fill", "Old Steel", "--o2", "32", "--pressure", "200", "--at", "2026-11-29T10:00Z"],
            ["cylinder", "retire", "Old Steel", "--reason", "failed hydro"],
            ["fill", "Club 7", "--o2", "36", "--at", "2026-11-29T10:00Z"],
            ["cylinder", "rename", "Club 7", "Club 07"],
        ] {
            #expect(server.gaslog(arguments).status == 0, "\(arguments)")
        }

        // The diver's 33%: (1.4 / 0.33 − 1) × 10 = 32.4 → 32 m; the tag says 34 m, from 32%.
        let allowed = Self.formulaMOD(o2Permille: 330, ppo2Centibar: 140)
        #expect(allowed == 32)
        let deeper = server.request("GET", "/api/v1/cylinders/Club%2001/mod", as: reader)
        #expect(deeper.status == 200 && deeper.object["mod"] as? Int == allowed && deeper.object["tag_mod"] as? Int == 34, "\(deeper.text)")
        // At 32 m EAN 33 is (1.429 × 0.33 + 1.251 × 0.67) × 4.2 = 5.50 g/L: above 5.2.
        #expect(warnings(deeper).map { $0["code"] as? String } == ["tag_deeper", "density"])
        #expect(warnings(deeper).first?["message"] as? String == "the tag shows 34 m, the gas allows only 32 m; re-tag the cylinder")

        let retired = server.request("GET", "/api/v1/cylinders/Old%20Steel/mod", as: reader)
        #expect(retired.object["retired"] as? Bool == true && retired.object["mod"] as? Int == Self.formulaMOD(o2Permille: 320, ppo2Centibar: 140))
        // EAN 32 at 34 m: 1.30796 × 4.4 = 5.76 g/L.
        #expect(warnings(retired).map { $0["code"] as? String } == ["retired", "density"])
        #expect(warnings(retired).first?["message"] as? String == "cylinder 'Old Steel' is retired")

        let renamed = server.request("GET", "/api/v1/cylinders/Club%207/mod?ppo2=1.6", as: reader)
        // EAN 36 at 1.6: (1.6 / 0.36 − 1) × 10 = 34.4 → 34 m.
        #expect(renamed.object["cylinder"] as? String == "Club 07" && renamed.object["mod"] as? Int == 34, "\(renamed.text)")
        #expect(renamed.object["mod"] as? Int == Self.formulaMOD(o2Permille: 360, ppo2Centibar: 160))
        // EAN 36 at 34 m: 1.31508 × 4.4 = 5.79 g/L.
        #expect(warnings(renamed).map { $0["code"] as? String } == ["renamed", "density"])
        #expect(warnings(renamed).first?["cylinder"] as? String == "Club 07")
        // The path's cylinder is not given again in the query.
        #expect(server.request("GET", "/api/v1/cylinders/Club%2007/mod?cylinder=X", as: reader).status == 400)
        #expect(server.request("GET", "/api/v1/cylinders/Club%2007/mod?o2=32", as: reader).status == 400)
    }

    @Test("POST /blend: overridden with its rules, unknown_facts with the facts, other_unit for a low bare pressure")
    func blendWarnings() throws {
        let server = try server([
            ["cylinder", "add", "--working-pressure", "232", "--hydro", "2026-01-01", "--visual", "2026-06-01", "--no-o2-clean", "--", "Dirty 1"],
            ["fill", "Dirty 1", "--o2", "21", "--pressure", "50", "--at", "2026-11-29T10:00Z"],
            ["fill", "Club 07", "--o2", "32", "--pressure", "50", "--at", "2026-11-29T10:00Z"],
        ])
        let refused = server.request("POST", "/api/v1/blend", as: blender, json: #"{"cylinder": "Dirty 1", "target": 32, "to": 200}"#)
        #expect(refused.status == 422 && refused.error["rules"] as? [String] == ["not_oxygen_clean"], "\(refused.text)")
        let planned = server.request(
            "POST", "/api/v1/blend", as: blender, json: #"{"cylinder": "Dirty 1", "target": 32, "to": 200, "override": "cleaned today"}"#)
        #expect(planned.status == 200, "\(planned.text)")
        // EAN 32 at its MOD, 34 m, is 5.76 g/L, as a fill of it is told.
        #expect(warnings(planned).map { $0["code"] as? String } == ["overridden", "density"])
        #expect(warnings(planned).first?["rules"] as? [String] == ["not_oxygen_clean"])
        #expect(
            warnings(planned).first?["message"] as? String
                == "planned despite: cylinder 'Dirty 1' is not oxygen-clean and pure oxygen passes through its valve")
        // From 50 bar of air to 200 bar of EAN 32: 200 × 0.32 = 64 bar of O2 in all; air's 21% gives
        // 50 × 0.21 = 10.5 and the top-off 0.21 × (200 − 50 − x) bar, so x = (64 − 10.5 − 31.5) / 0.79 = 27.8 → 27 bar, lean side.
        #expect(planned.object["from"] as? Int == 50 && planned.object["add_o2"] as? Int == 27, "\(planned.text)")

        let unknown = server.request("POST", "/api/v1/blend", as: blender, json: #"{"cylinder": "Club 07", "target": 36, "to": 20}"#)
        #expect(unknown.status == 200, "\(unknown.text)")
        #expect(warnings(unknown).map { $0["code"] as? String } == ["other_unit", "unknown_facts"])
        #expect(warnings(unknown).last?["facts"] as? [String] == ["hydro", "visual", "working_pressure", "o2_clean"])
        #expect(warnings(unknown).first?["message"] as? String == "20 bar is 290 psi; if you meant 20 psi, give it as 20psi")
        // Only the use case's inputs are allowed.
        let json = server.request("POST", "/api/v1/blend", as: blender, json: #"{"cylinder": "Club 07", "target": 36, "to": 200, "json": true}"#)
        #expect(json.status == 400 && json.error["message"] as? String == "unknown key 'json'", "\(json.text)")
    }
}
