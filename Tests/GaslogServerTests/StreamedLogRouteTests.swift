import Foundation
import Testing

/// `GET /api/v1/fills`: the imported fills in their order, with their keys and
/// values, streamed a fill at a time as the export is;
/// and a refusal found before the first byte is still a JSON error of its own.
@Suite("GET /api/v1/fills, streamed", .serialized)
struct StreamedLogRouteTests {
    let reader = Station.Credentials.basic("rita", "correct horse battery")

    /// 400 fills in four cylinders, imported with their ids; fill i is at
    /// minute (7 i mod 401) of 2026-06-01, so that ids do not follow times.
    static func rows() -> [(id: Int, cylinder: String, filledAt: String)] {
        (1...400).map { id in
            let seconds = 1_780_272_000 + (id * 7 % 401) * 60
            let time = ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: TimeInterval(seconds)))
            return (id, "Club 0\(id % 4 + 1)", time)
        }
    }

    func server() throws -> Station {
        let server = try Station.empty()
        try server.addAccount("rita", role: "reader")
        var csv = "id,filled_at,cylinder,label,o2,ppo2,mod_m,mod_ft,pressure_bar,blender,diver,cert,diver_o2,note,void_reason\r\n"
        for row in Self.rows() {
            csv += "\(row.id),\(row.filledAt),\(row.cylinder),,32,1.4,,,232,Ann,Bo,NX-1,32,\"a note, quoted\",\r\n"
        }
        let file = server.folder + "/fills.csv"
        try Data(csv.utf8).write(to: URL(fileURLWithPath: file))
        #expect(server.gaslog("import", file).status == 0)
        #expect(server.gaslog("cylinder", "rename", "Club 02", "Club 02 Red").status == 0)
        return server
    }

    @Test("The whole log: an array of one fill a line, newest first by time then id, the imported values, sent in chunks")
    func wholeLog() throws {
        let server = try server()
        let answer = server.request("GET", "/api/v1/fills", as: reader)
        #expect(answer.status == 200 && answer.headers["content-type"] == "application/json")
        // Streamed: no length known up front, the body is sent as it is written.
        #expect(answer.headers["transfer-encoding"] == "chunked" && answer.headers["content-length"] == nil)
        #expect(answer.body.count > 2 * 64 * 1024, "several of the writer's blocks")
        // As worked out here: the framing, the order, the keys and the imported values.
        #expect(answer.text.hasPrefix("[\n{\"id\":") && answer.text.hasSuffix("}\n]\n"))
        let lines = answer.text.split(separator: "\n")
        #expect(lines.count == 402 && lines.dropFirst().dropLast().allSatisfy { $0.hasPrefix("{") })
        let fills = try #require(answer.json as? [[String: Any]])
        let expected = Self.rows().sorted { ($0.filledAt, $0.id) > ($1.filledAt, $1.id) }
        #expect(fills.map { $0["id"] as? Int } == expected.map(\.id))
        #expect(fills.map { $0["filled_at"] as? String } == expected.map(\.filledAt))
        #expect(fills.map { $0["cylinder"] as? String } == expected.map { $0.cylinder == "Club 02" ? "Club 02 Red" : $0.cylinder })
        #expect(fills.allSatisfy { $0["pressure_bar"] as? Int == 232 && $0["blender"] as? String == "Ann" && $0["cert"] as? String == "NX-1" })
        let keys: Set<String> = [
            "id", "filled_at", "cylinder", "label", "o2", "ppo2", "mod_m", "mod_ft", "pressure_bar", "blender", "diver", "cert", "diver_o2", "note",
            "void_reason", "override_reason", "rounding", "label_o2", "he", "diver_he", "label_he", "recorded_by", "voided_by", "start_bar",
            "start_o2", "start_he", "top_off_o2", "bill_to", "compressor", "unit", "mod", "pressure",
        ]
        #expect(fills.allSatisfy { Set($0.keys) == keys })
        #expect(fills.allSatisfy { $0["unit"] as? String == "metric" && $0["mod"] as? Int == 34 && $0["note"] as? String == "a note, quoted" })
        #expect(!answer.text.contains("\"warnings\""))
    }

    @Test("Filters, limit and unit as before; an earlier name finds the cylinder's fills, with no warnings key; nothing matching is []")
    func filtered() throws {
        let server = try server()
        let expected = Self.rows().sorted { ($0.filledAt, $0.id) > ($1.filledAt, $1.id) }
        // Each filter worked out over the imported rows; times are whole minutes, and `until` takes its own minute in.
        for (path, ids) in [
            ("/api/v1/fills?limit=3&unit=imperial", expected.prefix(3).map(\.id)),
            ("/api/v1/fills?cylinder=Club%2002", expected.filter { $0.cylinder == "Club 02" }.map(\.id)),
            (
                "/api/v1/fills?since=2026-06-01T03:00Z&until=2026-06-01T04:00Z",
                expected.filter { ("2026-06-01T03:00:00Z"..."2026-06-01T04:00:00Z").contains($0.filledAt) }.map(\.id)
            ),
            ("/api/v1/fills?blender=ANN&diver=bo&gas=32", expected.map(\.id)),
        ] {
            let answer = server.request("GET", path, as: reader)
            #expect(answer.status == 200 && (answer.json as? [[String: Any]])?.map { $0["id"] as? Int } == ids, "\(path)")
        }
        // EAN 32 at 1.4 in feet: 33 × (1.4 / 0.32 − 1) = 111.4 ft, shown as 111 ft.
        let imperial = try #require(server.request("GET", "/api/v1/fills?limit=3&unit=imperial", as: reader).json as? [[String: Any]])
        #expect(imperial.allSatisfy { $0["unit"] as? String == "imperial" && $0["mod"] as? Int == Int((33 * (1.4 / 0.32 - 1)).rounded()) })
        #expect(!server.request("GET", "/api/v1/fills?cylinder=Club%2002", as: reader).text.contains("warnings"))
        let none = server.request("GET", "/api/v1/fills?overridden=true", as: reader)
        #expect(none.status == 200 && none.text == "[]\n")
    }

    @Test("A refusal before the first byte is the same JSON error and status as before the answer was streamed")
    func refusedBeforeTheFirstByte() throws {
        let server = try server()
        // (A 404 names no field, as it never has.)
        for (path, status, code, field): (String, Int, String, String?) in [
            ("/api/v1/fills?cylinder=Nobody", 404, "not_found", nil),
            ("/api/v1/fills?since=2026-07-01&until=2026-06-01", 400, "bad_input", "since"),
            ("/api/v1/fills?limit=0", 400, "bad_input", "limit"),
            ("/api/v1/fills?since=garbage", 400, "bad_input", "since"),
            ("/api/v1/fills?zz=1", 400, "bad_input", "zz"),
        ] {
            let answer = server.request("GET", path, as: reader)
            #expect(answer.status == status && answer.error["code"] as? String == code, "\(path): \(answer.text)")
            #expect(answer.error["field"] as? String == field, "\(path): \(answer.text)")
            #expect(answer.headers["transfer-encoding"] == nil, "\(path): an error is not streamed")
        }
        // A fill whose cylinder row has gone is found by the writer, before it writes anything: a whole error, not part of a log.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [
            server.db, "PRAGMA foreign_keys = OFF; DROP TRIGGER cylinders_are_never_deleted; DELETE FROM cylinders WHERE name = 'Club 04';",
        ]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        for path in ["/api/v1/fills", "/api/v1/fills?limit=5", "/api/v1/export?format=json"] {
            let answer = server.request("GET", path, as: reader)
            #expect(answer.status == 500 && answer.error["code"] as? String == "internal", "\(path): \(answer.text)")
            #expect(answer.text.hasPrefix(#"{"error":"#), "\(path): \(answer.text)")
        }
        #expect(server.log.contains("error: streaming GET /api/v1/fills: fills 3, 7, 11"), "\(server.log)")
    }
}
