import Foundation
import Testing

@testable import GaslogServer

/// Every warning of a fill reaches the API's answer and the fill station's
/// pages, as typed values: `code`, `message` and the code's keys. Depths are
/// checked against the formula, and rows against the `sqlite3` shell.
@Suite("Warnings reach the API and the pages; errors name their field")
struct WarningRouteTests {
    /// The rows `sql` gives, read by the `sqlite3` shell, one line a row.
    static func sqlite(_ path: String, _ sql: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [path, sql]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }

    /// The MOD in whole metres for O2 percent `o2` at `ppo2`, rounded to the
    /// nearest metre with a half going shallower: 10 × (ppO₂ / fO₂ − 1).
    static func mod(o2: Double, ppo2: Double) -> Int {
        let exact = 10 * (ppo2 / (o2 / 100) - 1)
        return Int((exact - 0.5).rounded(.up))
    }

    static func warnings(_ response: Station.Response) -> [[String: Any]] {
        response.object["warnings"] as? [[String: Any]] ?? []
    }

    @Test("POST /api/v1/fills: unknown facts, a similar name, the other unit, an override and an earlier name are warnings in the answer")
    func apiFillWarnings() throws {
        let server = try Station.empty()
        try server.addAccount("ann", role: "admin")
        let ann = Station.Credentials.basic("ann", "correct horse battery")

        // A cylinder the register knows nothing about, filled with EAN 50.
        let first = server.request("POST", "/api/v1/fills", as: ann, json: #"{"cylinder": "Club 1", "o2": 50}"#)
        #expect(first.status == 201, "\(first.text)")
        let unknown = try #require(Self.warnings(first).first)
        #expect(unknown["code"] as? String == "unknown_facts")
        #expect(unknown["facts"] as? [String] == ["hydro", "visual", "o2_clean"])
        let message = try #require(unknown["message"] as? String)
        #expect(message.contains("whether it is oxygen-clean (EAN 50 is above 40% O2)") && !message.contains("--") && !message.contains("gaslog"))
        // 10 × (1.4 / 0.5 − 1) = 18 m, as stored.
        #expect(Self.mod(o2: 50, ppo2: 1.4) == 18)
        #expect(try Self.sqlite(server.db, "SELECT mod_m, o2_permille FROM fills WHERE id = 1") == "18|500\n")

        // A new name one edit from a registered one.
        let similar = server.request("POST", "/api/v1/fills", as: ann, json: #"{"cylinder": "Club 01", "o2": 32}"#)
        #expect(similar.status == 201)
        let names = Self.warnings(similar).first { $0["code"] as? String == "similar_name" }
        #expect(names?["names"] as? [String] == ["Club 1"], "\(similar.text)")

        // 232 read as psi: 16 bar, probably typed in bar.
        let psi = server.request("POST", "/api/v1/fills", as: ann, json: #"{"cylinder": "Club 1", "o2": 32, "pressure": "232", "unit": "imperial"}"#)
        #expect(psi.status == 201, "\(psi.text)")
        let other = Self.warnings(psi).first { $0["code"] as? String == "other_unit" }
        #expect(other?["message"] as? String == "232 psi is 16 bar; if you meant 232 bar, give it as 232bar", "\(psi.text)")
        // 232 psi × 0.0689476 bar/psi = 15.996 bar, stored to the centibar.
        let centibar = Int((232 * 0.068_947_572_9 * 100).rounded())
        #expect(try Self.sqlite(server.db, "SELECT pressure_centibar FROM fills WHERE id = 3") == "\(centibar)\n")

        // A retired cylinder filled with an override.
        #expect(server.gaslog("cylinder", "retire", "Club 01", "--reason", "dented").status == 0)
        let overridden = server.request(
            "POST", "/api/v1/fills", as: ann, json: #"{"cylinder": "Club 01", "o2": 32, "override": "inspected today"}"#)
        #expect(overridden.status == 201, "\(overridden.text)")
        let rules = Self.warnings(overridden).first { $0["code"] as? String == "overridden" }
        #expect(rules?["rules"] as? [String] == ["retired"], "\(overridden.text)")

        // A fill by the name a cylinder had before its rename.
        #expect(server.gaslog("cylinder", "rename", "Club 1", "Club 9").status == 0)
        let renamed = server.request("POST", "/api/v1/fills", as: ann, json: #"{"cylinder": "Club 1", "o2": 32}"#)
        #expect(renamed.status == 201, "\(renamed.text)")
        let earlier = Self.warnings(renamed).first { $0["code"] as? String == "renamed" }
        #expect(earlier?["cylinder"] as? String == "Club 9", "\(renamed.text)")
        #expect(try Self.sqlite(server.db, "SELECT c.name FROM fills f JOIN cylinders c ON c.id = f.cylinder_id WHERE f.id = 5") == "Club 9\n")

        // No warning is an empty array, never a missing key.
        let quiet = server.request("POST", "/api/v1/fills/2/void", as: ann, json: #"{"reason": "typo"}"#)
        #expect(quiet.status == 200 && quiet.text.hasSuffix(#","warnings":[]}"# + "\n"), "\(quiet.text)")
    }

    @Test("A key may be written with - for _, as scripts wrote it before the core: diver-o2 is diver_o2")
    func hyphenatedKeys() throws {
        let server = try Station.empty()
        try server.addAccount("ann", role: "admin")
        let ann = Station.Credentials.basic("ann", "correct horse battery")
        // 35 is 3 points from 32: the diver's reading is read, and refused by the tolerance.
        let far = server.request("POST", "/api/v1/fills", as: ann, json: #"{"cylinder": "Club 1", "o2": 32, "diver-o2": 35}"#)
        #expect(far.status == 422 && far.error["rules"] as? [String] == ["tolerance"], "\(far.text)")
        let accepted = server.request(
            "POST", "/api/v1/fills", as: ann, json: #"{"cylinder": "Club 1", "o2": 32, "diver-o2": 35, "accept-difference": true}"#)
        #expect(accepted.status == 201, "\(accepted.text)")
        #expect(try Self.sqlite(server.db, "SELECT diver_o2_permille FROM fills") == "350\n")
    }

    @Test("An API error names the input key at fault in `field`, or null")
    func apiErrorField() throws {
        let server = try Station.empty()
        try server.addAccount("ann", role: "admin")
        let ann = Station.Credentials.basic("ann", "correct horse battery")
        let cases: [(body: String, field: String)] = [
            (#"{"cylinder": "A", "o2": "40x"}"#, "o2"),
            (#"{"cylinder": "A", "o2": 32, "diver_o2": "abc"}"#, "diver_o2"),
            (#"{"cylinder": "A", "o2": 32, "pressure": "lots"}"#, "pressure"),
            (#"{"cylinder": "A", "o2": 32, "colour": "red"}"#, "colour"),
            (#"{"cylinder": "A"}"#, "o2"),
            (#"{"cylinder": "A", "o2": [32]}"#, "o2"),
            (#"{"cylinder": "A", "o2": 32, "o2": 33}"#, "o2"),
            (#"{"cylinder": "A", "o2": 32, "diver_o2": 32, "diver-o2": 32}"#, "diver_o2"),
        ]
        for (body, field) in cases {
            let answer = server.request("POST", "/api/v1/fills", as: ann, json: body)
            #expect(answer.status == 400 && answer.error["field"] as? String == field, "\(body): \(answer.text)")
            #expect((answer.error["message"] as? String)?.contains("--") == false, "\(answer.text)")
        }
        // A bad value in the path is at fault as the path names it.
        let path = server.request("POST", "/api/v1/fills/abc/void", as: ann, json: #"{"reason": "typo"}"#)
        #expect(path.status == 400 && path.error["field"] as? String == "id", "\(path.text)")
        let setting = server.request("PUT", "/api/v1/config/unit", as: ann, json: #"{"value": "furlongs"}"#)
        #expect(setting.status == 400 && setting.error["field"] as? String == "value", "\(setting.text)")
        let missing = server.request("POST", "/api/v1/fills/99/void", as: ann, json: #"{"reason": "typo"}"#)
        #expect(missing.status == 404 && missing.error.keys.contains("field") && missing.error["field"] is NSNull, "\(missing.text)")
        #expect(try Self.sqlite(server.db, "SELECT count(*) FROM fills") == "0\n")
    }
}
