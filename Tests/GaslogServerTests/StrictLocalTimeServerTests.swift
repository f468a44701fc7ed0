import Foundation
import Testing

/// Issue 23, item 6, over HTTP: the API and the pages read times through the
/// same code as the CLI, so a server whose `TZ` is Europe/Berlin refuses a
/// skipped or repeated local time as bad input, and takes one with an offset.
@Suite("Local time, strictly, in the API and the pages", .serialized)
struct StrictLocalTimeServerTests {
    let blender = Station.Credentials.basic("ben", "correct horse battery")
    let reader = Station.Credentials.basic("rita", "correct horse battery")

    static let skipped = "2026-03-29 02:30 does not exist in Europe/Berlin (clocks go from 02:00 to 03:00)"
    static let repeated = "2026-10-25 02:30 happens twice in Europe/Berlin: write +01:00 or +02:00"

    /// A server in Berlin time with a blender and a reader.
    func berlinServer() throws -> ServerHarness {
        let server = ServerHarness()
        try server.addAccount("ben", role: "blender")
        try server.addAccount("rita", role: "reader")
        try server.start(environment: ["TZ": "Europe/Berlin"])
        return server
    }

    @Test("The API answers 400 bad_input for a skipped or repeated local time, writes nothing, and takes an offset")
    func api() throws {
        let server = try berlinServer()
        let before = server.gaslog("export").stdout
        let gap = server.request("POST", "/api/v1/fills", as: blender, json: #"{"cylinder": "A", "o2": 32, "at": "2026-03-29 02:30"}"#)
        #expect(gap.status == 400 && gap.error["code"] as? String == "bad_input", "\(gap.text)")
        #expect(gap.error["message"] as? String == "invalid value '2026-03-29 02:30' for 'at': " + Self.skipped, "\(gap.text)")
        let twice = server.request("POST", "/api/v1/fills", as: blender, json: #"{"cylinder": "A", "o2": 32, "at": "2026-10-25T02:30"}"#)
        #expect(twice.status == 400 && twice.error["code"] as? String == "bad_input", "\(twice.text)")
        #expect(twice.error["message"] as? String == "invalid value '2026-10-25T02:30' for 'at': " + Self.repeated, "\(twice.text)")
        #expect(server.gaslog("export").stdout == before)

        let since = server.request("GET", "/api/v1/fills?since=2026-10-25%2002%3A30", as: reader)
        #expect(since.status == 400 && since.error["code"] as? String == "bad_input", "\(since.text)")
        #expect(since.error["message"] as? String == "invalid value '2026-10-25 02:30' for 'since': " + Self.repeated, "\(since.text)")

        let offset = server.request(
            "POST", "/api/v1/fills", as: blender, json: #"{"cylinder": "A", "o2": 32, "at": "2026-10-25T02:30+01:00"}"#)
        #expect(offset.status == 201, "\(offset.text)")
        #expect(offset.object["filled_at"] as? String == "2026-10-25T01:30:00Z", "\(offset.text)")
        #expect(server.stop() == 0)
    }

    @Test("The log page answers 400 with the refusal for a skipped local time")
    func logPage() throws {
        let server = try berlinServer()
        let form = server.request("GET", "/signin")
        let csrf = try #require(form.text.firstMatch(of: /name="csrf" value="([0-9a-f]+)"/)).output.1
        let signinCookie = try #require(form.headers["set-cookie"]?.split(separator: ";").first)
        let fields = "csrf=\(csrf)&name=rita&password=correct%20horse%20battery"
        let signedIn = server.request(
            "POST", "/signin", body: Data(fields.utf8), contentType: "application/x-www-form-urlencoded", headers: ["Cookie": String(signinCookie)])
        #expect(signedIn.status == 303)
        let session = try #require(
            signedIn.headers["set-cookie"]?.split(separator: "\n").first { $0.hasPrefix("gaslog_session=") }?.split(separator: ";").first)
        let answer = server.request("GET", "/log?since=2026-03-29%2002%3A30", headers: ["Cookie": String(session)])
        let page = answer.text + "\n\(answer.status)"
        #expect(page.hasSuffix("\n400"), "\(page)")
        #expect(page.contains("2026-03-29 02:30 does not exist in Europe/Berlin (clocks go from 02:00 to 03:00)"), "\(page)")
        #expect(server.stop() == 0)
    }
}
