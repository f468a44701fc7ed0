import CGnuTLS
import Foundation
import Glibc
import TestSupport
import Testing

/// The HTTP API in process; shutdown, TLS and hostile bytes through a real `gaslog-server` on a loopback port.
@Suite("gaslog serve: the API, accounts and roles, limits, TLS and shutdown", .serialized)
struct ServerTests {
    let admin = Station.Credentials.basic("ada", "correct horse battery")
    let blender = Station.Credentials.basic("ben", "correct horse battery")
    let reader = Station.Credentials.basic("rita", "correct horse battery")

    /// The server in process, with an admin, a blender and a reader.
    func clubServer() throws -> Station {
        let server = try Station.empty()
        try server.addAccount("ada", role: "admin")
        try server.addAccount("ben", role: "blender")
        try server.addAccount("rita", role: "reader")
        return server
    }

    /// A real server on a loopback port, for the HTTP layer's own tests, with an admin, a blender and a reader.
    func runningClubServer() throws -> ServerHarness {
        let server = ServerHarness()
        for (name, role) in [("ada", "admin"), ("ben", "blender"), ("rita", "reader")] { try server.addAccount(name, role: role) }
        try server.start()
        return server
    }

    @Test("A club day over HTTP: the register, fills from two clients, MODs, and the year's export with who recorded each fill")
    func clubDay() throws {
        let server = try clubServer()
        let added = server.request(
            "POST", "/api/v1/cylinders", as: admin, json: #"{"cylinder": "Club/07", "working_pressure": 232, "o2_clean": true}"#)
        #expect(added.status == 201, "\(added.text)")
        #expect(added.headers["location"] == "/api/v1/cylinders/Club%2F07")
        let filled = server.request(
            "POST", "/api/v1/fills", as: blender,
            json: #"{"cylinder": "Club/07", "o2": "EAN32", "pressure": "200bar", "diver": "Bo", "at": "2026-11-29T10:00Z"}"#)
        #expect(filled.status == 201, "\(filled.text)")
        #expect(filled.object["label"] as? String == "EAN 32" && filled.object["recorded_by"] as? String == "ben")
        #expect(filled.headers["location"] == "/api/v1/fills/1")
        #expect(server.gaslog("fill", "Club 08", "--o2", "36", "--at", "2026-11-29T11:00Z").status == 0)

        // The depth against the formula: EAN 32 at ppO₂ 1.4 is 10 × (1.4 / 0.32 − 1) = 33.75 m, shown as 34 m.
        let mod = server.request("GET", "/api/v1/cylinders/Club%2F07/mod", as: reader)
        #expect(mod.status == 200)
        #expect(mod.object["mod"] as? Int == Int((10 * (1.4 / 0.32 - 1)).rounded()), "\(mod.text)")
        #expect(try WarningRouteTests.sqlite(server.db, "SELECT mod_m, mod_ft FROM fills WHERE id = 1") == "34|111\n")
        // The cylinder's answer carries what the blender recorded.
        #expect(mod.object["cylinder"] as? String == "Club/07" && mod.object["label"] as? String == "EAN 32", "\(mod.text)")
        #expect(mod.object["o2"] as? Int == 32 && mod.object["ppo2"] as? Double == 1.4 && mod.object["unit"] as? String == "metric")
        #expect(mod.object["fill_id"] as? Int == 1 && mod.object["filled_at"] as? String == "2026-11-29T10:00:00Z")
        let calculator = server.request("GET", "/api/v1/mod?o2=36&ppo2=1.6&unit=imperial", as: reader)
        // 33 ft × (1.6 / 0.36 − 1) = 113.7 ft, shown as 114 ft.
        #expect(calculator.object["mod"] as? Int == Int((33 * (1.6 / 0.36 - 1)).rounded()), "\(calculator.text)")
        #expect(calculator.object["label"] as? String == "EAN 36" && calculator.object["unit"] as? String == "imperial")
        #expect(calculator.object["o2"] as? Int == 36 && calculator.object["ppo2"] as? Double == 1.6)
        // With oxygen as narcotic as nitrogen, a nitrox's END is its depth.
        #expect(calculator.object["end"] as? Int == calculator.object["mod"] as? Int)
        let history = server.request("GET", "/api/v1/fills?cylinder=Club%2F07", as: reader)
        let fills = try #require(history.json as? [[String: Any]], "\(history.text)")
        #expect(fills.count == 1 && fills.first?["id"] as? Int == 1, "\(history.text)")
        let recorded = try WarningRouteTests.sqlite(
            server.db, "SELECT filled_at, label, o2_permille / 10, mod_m, mod_ft, pressure_centibar / 100, diver, recorded_by FROM fills WHERE id = 1"
        )
        let fill = fills.first ?? [:]
        let shown = [
            fill["filled_at"], fill["label"], fill["o2"], fill["mod_m"], fill["mod_ft"], fill["pressure_bar"], fill["diver"], fill["recorded_by"],
        ]
        #expect(shown.map { "\($0 ?? "nil")" }.joined(separator: "|") + "\n" == recorded, "\(history.text)")
        #expect(recorded == "2026-11-29T10:00:00Z|EAN 32|32|34|111|200|Bo|ben\n")

        // The secretary's export, with who recorded each fill: the header and rows written out.
        let export = server.request("GET", "/api/v1/export?since=2026-01-01", as: reader)
        #expect(export.status == 200 && export.headers["content-type"]?.hasPrefix("text/csv") == true)
        let header =
            "id,filled_at,cylinder,label,o2,ppo2,mod_m,mod_ft,pressure_bar,blender,diver,cert,diver_o2,note,void_reason,override_reason,rounding,"
            + "label_o2,he,diver_he,label_he,recorded_by,voided_by,start_bar,start_o2,start_he,top_off_o2,bill_to,compressor"
        // EAN 36 at 1.4: 10 × (1.4 / 0.36 − 1) = 28.9 m, shown as 29 m, 95 ft.
        let expectedRows = [
            header,
            "1,2026-11-29T10:00:00Z,Club/07,EAN 32,32,1.4,34,111,200,,Bo,,,,,,nearest,32,0,,0,ben,,,,,,Bo,",
            "2,2026-11-29T11:00:00Z,Club 08,EAN 36,36,1.4,\(WarningRouteTests.mod(o2: 36, ppo2: 1.4)),95,,,,,,,,,nearest,36,0,,0,,,,,,,,",
        ]
        #expect(export.text == expectedRows.map { $0 + "\r\n" }.joined(), "\(export.text)")
        #expect(server.log.contains(" ben POST /api/v1/fills 201 "))
    }

    @Test("Every reading endpoint answers with the register's rows, the fill's row and the formulas' values")
    func readingEndpoints() throws {
        let server = try clubServer()
        #expect(
            server.gaslog("cylinder", "add", "Club 07", "--working-pressure", "232", "--hydro", "2025-01-10").status == 0)
        #expect(server.gaslog("fill", "Club 07", "--o2", "18/45", "--pressure", "200", "--at", "2026-11-20T10:00Z").status == 0)
        func get(_ path: String) -> Station.Response {
            let response = server.request("GET", path, as: reader)
            #expect(response.status == 200, "\(path): \(response.text)")
            return response
        }
        // Against the formulas, so that a wrong depth cannot pass:
        let values: [(path: String, key: String, expected: Double)] = [
            // Tx 18/45 at 1.6, rounded down: 10 × (1.6 / 0.18 − 1) = 78.9 → 78 m.
            ("/api/v1/cylinders/Club%2007/mod?ppo2=1.6&round=down", "mod", (10 * (1.6 / 0.18 - 1)).rounded(.down)),
            // Tx 18/45 at 1.4, on its tag in feet: 33 × (1.4 / 0.18 − 1) = 223.7 → 224 ft; 200 bar is 2,901 psi.
            ("/api/v1/fills/1/tag?unit=imperial", "mod", (33 * (1.4 / 0.18 - 1)).rounded()),
            ("/api/v1/fills/1/tag?unit=imperial", "pressure", (200 * 14.503_773_8).rounded()),
            // The best mix for 60 m at ppO₂ 1.4 and an END of 30 m: 1.4 / 7 = 20 % O₂,
            // and 1 − (30 + 10) / (60 + 10) = 42.9 % helium, rounded up to 43 %.
            ("/api/v1/best-mix?depth=60&end=30", "o2", (1.4 / (60.0 / 10 + 1) * 100).rounded(.down)),
            ("/api/v1/best-mix?depth=60&end=30", "he", ((1 - (30.0 + 10) / (60 + 10)) * 100).rounded(.up)),
            // END = (50 + 10) × (1 − 0.35) − 10 = 29 m.
            ("/api/v1/end?o2=21&he=35&depth=50", "end", (50 + 10) * (1 - 0.35) - 10),
            // EAD = (30 + 10) × 0.68 / 0.79 − 10 = 24.4 m, rounded up to 25 m.
            ("/api/v1/ead?o2=32&depth=30", "ead", ((30 + 10) * 0.68 / 0.79 - 10).rounded(.up)),
            // ppO₂ = 0.36 × (33 / 10 + 1) = 1.548, shown to two decimals rounded up.
            ("/api/v1/ppo2?o2=36&depth=33", "ppo2", (0.36 * (33.0 / 10 + 1) * 100).rounded(.up) / 100),
        ]
        for (path, key, expected) in values {
            let answer = get(path)
            let value = (answer.object[key] as? NSNumber)?.doubleValue ?? .nan
            #expect(abs(value - expected) < 1e-9, "\(path): \(answer.text)")
        }

        // The fill as the logbook holds it, read with the sqlite3 shell.
        let row = try WarningRouteTests.sqlite(
            server.db, "SELECT id, filled_at, label, o2_permille / 10, he_permille / 10, mod_m, mod_ft, pressure_centibar / 100 FROM fills")
        #expect(row == "1|2026-11-20T10:00:00Z|Tx 18/45|18|45|68|224|200\n")
        func asRow(_ fill: [String: Any]) -> String {
            ["id", "filled_at", "label", "o2", "he", "mod_m", "mod_ft", "pressure_bar"].map { "\(fill[$0] ?? "nil")" }.joined(separator: "|") + "\n"
        }
        for path in ["/api/v1/fills?gas=18%2F45", "/api/v1/export?format=json"] {
            let fills = get(path).json as? [[String: Any]] ?? []
            #expect(fills.count == 1 && fills.map(asRow) == [row], "\(path)")
        }
        #expect(asRow(get("/api/v1/fills/1").object) == row)
        #expect(asRow(get("/api/v1/fills/1/tag?unit=imperial").object) == row)

        // The register: the cylinder as added, its next test five years on, its current gas the fill's.
        let listed = get("/api/v1/cylinders").json as? [[String: Any]] ?? []
        #expect(listed.count == 1 && listed.first?["cylinder"] as? String == "Club 07" && listed.first?["fill_id"] as? Int == 1)
        #expect(listed.first?["label"] as? String == "Tx 18/45" && listed.first?["mod"] as? Int == WarningRouteTests.mod(o2: 18, ppo2: 1.4))
        let shown = get("/api/v1/cylinders/Club%2007").object
        #expect(shown["working_pressure"] as? Int == 232 && shown["hydro"] as? String == "2025-01-10")
        #expect(shown["hydro_due"] as? String == "2030-01-10" && shown["current_gas"] as? String == "Tx 18/45")
        // Nothing is due within 400 days: the test is due in 2030, the visual inspection is unknown.
        #expect(get("/api/v1/due?within=400").text == "[]\n")

        // A table row for each O₂ from 28 to 32 %, a MOD for each ppO₂.
        let table = get("/api/v1/table?from=28&to=32&ppo2=1.2%2C1.4").json as? [[String: Any]] ?? []
        #expect(table.map { $0["o2"] as? Int } == [28, 29, 30, 31, 32])
        for line in table {
            let o2 = Double(line["o2"] as? Int ?? 0)
            let depths = line["mod"] as? [String: Int]
            #expect(depths == ["1.2": WarningRouteTests.mod(o2: o2, ppo2: 1.2), "1.4": WarningRouteTests.mod(o2: o2, ppo2: 1.4)], "\(line)")
        }

        // The settings, each at its default.
        let config = get("/api/v1/config").object
        let defaults: [String: Any] = [
            "unit": "metric", "hydro-interval-years": 5, "visual-interval-months": 12, "o2-clean-above": 40, "overfill-margin-percent": 0,
            "rounding": "nearest", "fill-creates-cylinders": "yes", "ppo2-min": 0.18, "o2-narcotic": "yes", "billing-gas-model": "ideal",
            "currency": "EUR", "air-test-interval-months": 3, "default-compressor": "none",
        ]
        #expect(NSDictionary(dictionary: config) == NSDictionary(dictionary: defaults), "\(config)")

        // The blend from 200 bar of Tx 18/45 to 200 bar of Tx 21/35: bleed to keep
        // 70 bar of helium (155 bar), add oxygen, top off with air; the final mix
        // worked out here from the plan's pressures.
        let plan = server.request("POST", "/api/v1/blend", as: blender, json: #"{"cylinder": "Club 07", "target": "21/35", "to": 200}"#)
        #expect(plan.status == 200, "\(plan.text)")
        func number(_ key: String) -> Double { (plan.object[key] as? NSNumber)?.doubleValue ?? .nan }
        let bleedTo = number("bleed_to")
        let oxygenTo = number("o2_to")
        #expect(bleedTo == (200 * 0.35 / 0.45).rounded(.down))
        let finalO2 = (bleedTo * 0.18 + (oxygenTo - bleedTo) + (200 - oxygenTo) * 0.21) / 200 * 100
        #expect(abs(number("final_o2") - (finalO2 * 100).rounded() / 100) < 1e-9, "\(plan.text)")
        #expect(abs(number("final_he") - (bleedTo * 0.45 / 200 * 100 * 100).rounded() / 100) < 1e-9, "\(plan.text)")
    }

    @Test("Who may do what: 401 before routing, 403 for a role without the right")
    func rolesAndCredentials() throws {
        let server = try clubServer()
        for path in ["/api/v1/cylinders", "/api/no/such/path"] {
            let anonymous = server.request("GET", path)
            #expect(anonymous.status == 401 && anonymous.headers["www-authenticate"]?.hasPrefix("Basic") == true, "\(path)")
            #expect(server.request("GET", path, as: .basic("ada", "wrong password")).status == 401)
            #expect(server.request("GET", path, as: .bearer(String(repeating: "0", count: 64))).status == 401)
        }
        #expect(server.request("GET", "/healthz").text == #"{"status":"ok"}"# + "\n")
        #expect(server.request("GET", "/api/v1/cylinders", as: reader).status == 200)
        let forbidden = server.request("POST", "/api/v1/fills", as: reader, json: #"{"cylinder": "A", "o2": 32}"#)
        #expect(forbidden.status == 403 && forbidden.error["code"] as? String == "forbidden")
        #expect(server.request("POST", "/api/v1/fills", as: blender, json: #"{"cylinder": "A", "o2": 32}"#).status == 201)
        // Blenders add cylinders (#35); editing stays an admin's.
        #expect(server.request("POST", "/api/v1/cylinders", as: blender, json: #"{"cylinder": "B"}"#).status == 201)
        #expect(server.request("PATCH", "/api/v1/cylinders/B", as: blender, json: #"{"serial": "X1"}"#).status == 403)
        #expect(server.request("PUT", "/api/v1/config/unit", as: blender, json: #"{"value": "imperial"}"#).status == 403)
        #expect(server.request("PUT", "/api/v1/config/unit", as: admin, json: #"{"value": "imperial"}"#).status == 200)

        // A token works until it is revoked; a removed account stops at once.
        let created = server.gaslog("token", "create", "rita", "--label", "boat phone", "--json")
        let token = try #require((try? JSONSerialization.jsonObject(with: Data(created.stdout.utf8)) as? [String: Any])?["token"] as? String)
        let id = try #require((try? JSONSerialization.jsonObject(with: Data(created.stdout.utf8)) as? [String: Any])?["id"] as? Int)
        #expect(server.request("GET", "/api/v1/cylinders", as: .bearer(token)).status == 200)
        #expect(server.gaslog("token", "revoke", String(id)).status == 0)
        #expect(server.request("GET", "/api/v1/cylinders", as: .bearer(token)).status == 401)
        #expect(server.gaslog("user", "remove", "ben").status == 0)
        #expect(server.request("GET", "/api/v1/cylinders", as: blender).status == 401)
        #expect(server.log.contains("failed login for account ada") && !server.log.contains("wrong password"))
    }

    @Test("Every error status, with its JSON error, and no command-line option in any message")
    func errorStatuses() throws {
        let server = try clubServer()
        func check(_ response: Station.Response, _ status: Int, _ code: String, file: String = #file, line: Int = #line) {
            #expect(response.status == status, "\(response.status) \(response.text)")
            #expect(response.error["status"] as? Int == status && response.error["code"] as? String == code, "\(response.text)")
            #expect(response.error["rules"] is [Any], "\(response.text)")
            #expect(!(response.error["message"] as? String ?? "--").contains("--"), "\(response.text)")
        }
        check(server.request("GET", "/api/v1/nothing", as: reader), 404, "not_found")
        check(server.request("GET", "/api/v1/cylinders/Nobody", as: reader), 404, "not_found")
        let wrongMethod = server.request("DELETE", "/api/v1/fills", as: admin)
        check(wrongMethod, 405, "method_not_allowed")
        #expect(wrongMethod.headers["allow"] == "GET, POST")
        check(server.request("GET", "/api/v1/mod?o2=20", as: reader), 400, "bad_input")
        check(server.request("GET", "/api/v1/mod?o2=32&color=always", as: reader), 400, "bad_input")
        check(server.request("GET", "/api/v1/mod?o2=32&o2=36", as: reader), 400, "bad_input")
        check(server.request("POST", "/api/v1/fills", as: blender, json: #"{"cylinder": "A", "o2": 32, "o2": 36}"#), 400, "bad_input")
        check(server.request("POST", "/api/v1/fills", as: blender, json: #"{"cylinder": "A", "o2": 32} x"#), 400, "bad_input")
        check(server.request("POST", "/api/v1/fills", as: blender, json: #"{"cylinder": "A", "o2": 32, "db": "/tmp/x"}"#), 400, "bad_input")
        check(server.request("POST", "/api/v1/fills", as: blender, json: #"{"cylinder": "A", "o2": true}"#), 400, "bad_input")
        check(
            server.request("POST", "/api/v1/fills", as: blender, body: Data([0x7B, 0xFF, 0x7D]), contentType: "application/json"), 400, "bad_input")
        check(server.request("POST", "/api/v1/fills", as: blender, json: #"{"cylinder": "A", "o2": 32, "at": "2099-01-01"}"#), 400, "bad_input")
        check(
            server.request("POST", "/api/v1/fills", as: blender, body: Data("o2=32".utf8), contentType: "text/plain"), 415, "unsupported_media_type")
        check(server.request("POST", "/api/v1/fills", as: blender, body: Data(count: 2 << 20), contentType: "application/json"), 413, "too_large")

        #expect(server.request("POST", "/api/v1/fills", as: blender, json: #"{"cylinder": "A", "o2": 32}"#).status == 201)
        #expect(
            server.request("POST", "/api/v1/fills/1/void", as: blender, json: #"{"reason": "wrong tag"}"#).object["void_reason"] as? String
                == "wrong tag")
        check(server.request("POST", "/api/v1/fills/1/void", as: blender, json: #"{"reason": "again"}"#), 409, "already_void")

        // Refused by the log's rules: every rule that applied.
        #expect(server.gaslog("cylinder", "add", "Old", "--working-pressure", "200", "--no-o2-clean").status == 0)
        #expect(server.gaslog("cylinder", "retire", "Old", "--reason", "dented").status == 0)
        let refused = server.request("POST", "/api/v1/fills", as: blender, json: #"{"cylinder": "Old", "o2": 50, "pressure": 230}"#)
        check(refused, 422, "refused")
        #expect(refused.error["rules"] as? [String] == ["retired", "over_pressure", "not_oxygen_clean"])
        let tolerance = server.request("POST", "/api/v1/fills", as: blender, json: #"{"cylinder": "A", "o2": 32, "diver_o2": 34}"#)
        check(tolerance, 422, "refused")
        #expect(tolerance.error["rules"] as? [String] == ["tolerance"])
        let overridden = server.request(
            "POST", "/api/v1/fills", as: blender, json: #"{"cylinder": "Old", "o2": 50, "pressure": 230, "override": "checked by hand"}"#)
        #expect(overridden.status == 201 && overridden.object["override_reason"] as? String == "checked by hand")
    }

    @Test("16 clients record 50 fills each while the CLI records 50 more: nothing is lost", .timeLimit(.minutes(3)))
    func concurrentFills() throws {
        let server = try clubServer()
        // A token, whose check is a hash of a hash, not a password's: 800 password checks would be most of the test.
        let created = try server.cli("token", "create", "ben", "--label", "clients", "--json")
        let token = try #require((try? JSONSerialization.jsonObject(with: Data(created.utf8)) as? [String: Any])?["token"] as? String)
        let failures = NSLock()
        nonisolated(unsafe) var statuses: [Int] = []
        DispatchQueue.concurrentPerform(iterations: 17) { client in
            if client == 16 {
                for number in 0..<50 {
                    let result = server.gaslog("fill", "CLI", "--o2", "32", "--note", "cli \(number)")
                    failures.withLock { statuses.append(result.status == 0 ? 201 : Int(result.status)) }
                }
                return
            }
            for number in 0..<50 {
                let response = server.request(
                    "POST", "/api/v1/fills", as: .bearer(token), json: #"{"cylinder": "HTTP \#(client)", "o2": 32, "note": "\#(client)/\#(number)"}"#)
                failures.withLock { statuses.append(response.status) }
            }
        }
        #expect(statuses.count == 850 && statuses.allSatisfy { $0 == 201 }, "\(Set(statuses))")
        let all = server.request("GET", "/api/v1/fills?limit=1000000", as: reader)
        #expect((all.json as? [Any])?.count == 850, "\(all.status) \(all.text.prefix(300))")
        #expect(server.gaslog("export").stdout.split(separator: "\r\n").count == 851)
        // Writes committed together by the server and apart by the CLI leave one unbroken chain:
        // 850 fills, each with its charge, and 17 cylinders, each with its entry, after the 3 accounts and the token.
        let verified = server.gaslog("verify")
        #expect(verified.status == 0, "\(verified.stdout) \(verified.stderr)")
        #expect(verified.stdout.contains("\(850 * 2 + 17 + 3 + 1) entries"), "\(verified.stdout)")
    }

    @Test("Stopping finishes the request in flight and exits 0; a busy port or an unreadable certificate is refused")
    func shutdownAndRefusals() throws {
        let server = try runningClubServer()
        var csv = server.gaslog("export").stdout
        for index in 0..<40_000 {
            csv +=
                ",2026-01-01T00:\(String(format: "%02d", index / 600 % 60)):\(String(format: "%02d", index / 10 % 60))Z,Cyl \(index % 10),,32,1.4,,,,,,,,,,,,,,,,,,,,,,,\r\n"
        }
        let body = Array(csv.utf8)
        let client = try #require(RawClient(from: "127.0.0.1", to: server.port))
        defer { client.close() }
        let head = [
            "POST /api/v1/import HTTP/1.1", "Host: 127.0.0.1", "Content-Type: text/csv", "Content-Length: \(body.count)", "Expect: 100-continue",
            "Authorization: " + (admin.headers["authorization"] ?? ""),
        ]
        client.send(head.joined(separator: "\r\n") + "\r\n\r\n")
        // The request is in flight once the server has admitted its head and asks for the body.
        let proceed = client.readAnswer(within: 20)
        #expect(proceed.hasPrefix("HTTP/1.1 100"), "\(proceed)")
        let process = try #require(server.process)
        kill(process.processIdentifier, SIGTERM)
        try Waiting.until("the server says it is stopping") { server.log.contains("stopping") }
        client.send(body)
        let imported = Station.Response(parsing: client.readBytes(within: 60))
        #expect(imported.status == 200, "\(imported.text)")
        #expect(imported.headers["connection"] == "close")
        #expect(server.waitForExit(within: 20) == 0)

        let blocker = ServerHarness()
        try blocker.start()
        let second = Process()
        second.executableURL = URL(fileURLWithPath: ServerHarness.binaries + "/gaslog-server")
        second.arguments = ["--listen", "127.0.0.1:\(blocker.port)", "--db", blocker.db]
        second.standardError = FileHandle.nullDevice
        try second.run()
        second.waitUntilExit()
        #expect(second.terminationStatus == 71)
        let noCertificate = Process()
        noCertificate.executableURL = second.executableURL
        noCertificate.arguments = ["--listen", "127.0.0.1:0", "--db", blocker.db, "--tls-cert", "/nonexistent.pem", "--tls-key", "/nonexistent.key"]
        noCertificate.standardError = FileHandle.nullDevice
        try noCertificate.run()
        noCertificate.waitUntilExit()
        #expect(noCertificate.terminationStatus == 66)
        #expect(blocker.stop() == 0)
    }

    @Test("TLS with a certificate made here: HTTPS answers over TLS 1.2, with HSTS on every response; TLS 1.1 and plain HTTP do not")
    func tls() throws {
        let server = ServerHarness()
        try server.addAccount("ada", role: "admin")
        let key = server.folder + "/key.pem", certificate = server.folder + "/cert.pem"
        #expect(TLSClient.makeCertificate(at: certificate, key: key) == 0)
        try server.start(["--tls-cert", certificate, "--tls-key", key])
        #expect(server.log.contains("https://127.0.0.1:"))
        func head(_ path: String, _ extra: [String] = []) -> String {
            (["GET \(path) HTTP/1.1", "Host: 127.0.0.1", "Connection: close"] + extra).joined(separator: "\r\n") + "\r\n\r\n"
        }
        let client = TLSClient(authority: certificate, priorities: TLSClient.tls12)
        let secure = client.exchange(head("/api/v1/config", [admin.headers["authorization"].map { "Authorization: " + $0 } ?? ""]), port: server.port)
        #expect(secure.result == 0, "\(secure.error)")
        #expect(secure.version == Int32(GNUTLS_TLS1_2.rawValue))
        let config = Station.Response(parsing: secure.answer)
        #expect(config.status == 200 && config.text.contains("\"unit\""), "\(config.text)")
        // Every response over TLS carries HSTS: an answer, a refusal, a page.
        for path in ["/healthz", "/api/v1/config", "/signin"] {
            let answer = client.exchange(head(path), port: server.port)
            let headers = String(decoding: answer.answer, as: UTF8.self).components(separatedBy: "\r\n\r\n")[0]
            #expect(answer.result == 0 && headers.contains("\r\nStrict-Transport-Security: max-age=31536000"), "\(path): \(answer.error) \(headers)")
        }
        // The client offers TLS 1.1 and the server ends the handshake, with an alert or by closing:
        // the refusal is the server's, not the client's.
        let old = TLSClient(authority: certificate, priorities: TLSClient.tls11).exchange(head("/healthz"), port: server.port)
        #expect([GNUTLS_E_FATAL_ALERT_RECEIVED, GNUTLS_E_PREMATURE_TERMINATION].contains(old.result), "\(old.error)")
        #expect(old.version == 0 && old.answer.isEmpty)
        #expect(!RawClient.request("/healthz", from: "127.0.0.1", to: server.port).contains("HTTP/1."))
        #expect(server.stop() == 0)
    }

    @Test("Malformed and hostile requests from a raw socket get an answer or a closed connection, never a crash")
    func hostileRequests() throws {
        let server = try runningClubServer()
        func send(_ bytes: [UInt8]) -> String {
            let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            defer { close(socket) }
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = UInt16(server.port).bigEndian
            inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
            var timeout = timeval(tv_sec: 5, tv_usec: 0)
            setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard connected == 0 else { return "" }
            _ = bytes.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            var buffer = [UInt8](repeating: 0, count: 65536)
            let count = recv(socket, &buffer, buffer.count, 0)
            return count > 0 ? String(decoding: buffer[..<count], as: UTF8.self) : ""
        }
        let hostile: [[UInt8]] = [
            Array("GARBAGE\r\n\r\n".utf8),
            Array("GET / HTTP/9.9\r\n\r\n".utf8),
            Array("GET /api/v1/cylinders HTTP/1.1\r\nHost: x\r\nX-Big: \(String(repeating: "a", count: 40_000))\r\n\r\n".utf8),
            Array("POST /api/v1/fills HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n".utf8),
            Array("GET /%ZZ HTTP/1.1\r\nHost: x\r\n\r\n".utf8),
            Array("GET /api/v1/mod?o2=%FF%FE HTTP/1.1\r\nHost: x\r\nAuthorization: Basic cml0YTpjb3JyZWN0IGhvcnNlIGJhdHRlcnk=\r\n\r\n".utf8),
            [0x16, 0x03, 0x01, 0x00, 0xFF] + [UInt8](repeating: 0, count: 64),
            Array("GET /api/v1/cylinders HTTP/1.1\r\nHost: x\r\nAuthorization: Basic !!!\r\n\r\n".utf8),
        ]
        for bytes in hostile {
            let answer = send(bytes)
            // Refused as the client's fault (4xx, or 505 for an HTTP version it does not speak), or closed without an answer.
            #expect(answer.isEmpty || answer.contains(#/^HTTP/1\.[01] (4\d\d|505) /#), "\(answer.prefix(80))")
        }
        #expect(server.request("GET", "/healthz").status == 200)
        #expect(server.stop() == 0)
    }
}
