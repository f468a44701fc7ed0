import Credentials
import Foundation
import GaslogCLI
import GaslogCore
import LogbookStore
import Testing

@testable import GaslogServer

/// Issue #36: a full disk is 507 from the API and the pages, and `/healthz`
/// says when the logbook cannot be written or is damaged. In process: the
/// service's and the pages' handlers answer request values.
@Suite("A full disk is 507, and /healthz tells unwritable and damaged logbooks")
struct StorageHealthTests {
    /// A logbook with a blender account and the oxygen-clean, in-date "Club 07",
    /// set up and closed before any service opens it.
    final class Shop: @unchecked Sendable {
        let folder = NSTemporaryDirectory() + "gaslog-storage-" + UUID().uuidString
        var db: String { folder + "/logbook.sqlite" }
        let now: Timestamp

        init() throws {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let now = try Timestamp(parsing: "2026-12-01T12:00:00Z")
            self.now = now
            let logbook = Logbook(path: folder + "/logbook.sqlite", clock: { now })
            _ = try logbook.addAccount(AccountName(parsing: "ada"), role: .blender, passwordHash: PasswordHash.make("blender-pass-1"), actor: nil)
            let errors = OutputWriter.inMemory()
            let status = Gaslog.run(
                arguments: [
                    "--db", db, "cylinder", "add", "--working-pressure", "232", "--hydro", "2026-01-01", "--visual", "2026-06-01", "--o2-clean",
                    "--", "Club 07",
                ], environment: ["TZ": "UTC"], output: .inMemory(), errors: errors, clock: { now })
            guard status == .success else { throw HarnessError(String(decoding: errors.captured, as: UTF8.self)) }
        }

        deinit { try? FileManager.default.removeItem(atPath: folder) }

        /// A service over the logbook, its size capped at `maxPageCount` pages
        /// (as `GASLOG_MAX_PAGE_COUNT` does), signing `x-test-account: ada` in as a blender.
        func service(maxPageCount: Int? = nil, authenticate: APIService.Authenticator? = nil) -> APIService {
            APIService(
                path: db, clock: { [now] in now }, maxPageCount: maxPageCount,
                authenticate: authenticate ?? { request, _ in
                    request.headers["x-test-account"] == "ada"
                        ? .success(Principal(account: "ada", level: .blender)) : .failure(Authentication.unauthorized)
                }, log: { _ in })
        }

        /// One value read with the sqlite3 shell.
        func query(_ sql: String) -> String {
            shell(["-readonly", db, sql])
        }

        @discardableResult
        func shell(_ arguments: [String]) -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
            process.arguments = arguments
            let pipe = Pipe()
            process.standardOutput = pipe
            try? process.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }

    static func request(_ service: APIService, _ method: String, _ path: String, json: String? = nil) -> (status: Int, body: String) {
        var headers = ["x-test-account": "ada"]
        if json != nil { headers["content-type"] = "application/json" }
        let response = service.handle(HTTPRequest(method: method, rawPath: path, query: [], headers: headers, body: Array((json ?? "").utf8)))
        return (response.status, String(decoding: response.receivedBody(), as: UTF8.self))
    }

    static func object(_ text: String) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
    }

    @Test("A fill on a full disk is 507 storage_full, and nothing of it is recorded; reading still works")
    func apiFullDisk() throws {
        let shop = try Shop()
        let service = shop.service(maxPageCount: 1)
        var recorded = 0
        var refused: (status: Int, body: String)?
        for _ in 0..<400 {
            let answer = Self.request(service, "POST", "/api/v1/fills", json: #"{"cylinder": "Club 07", "o2": 32}"#)
            guard answer.status == 201 else {
                refused = answer
                break
            }
            recorded += 1
        }
        let answer = try #require(refused)
        #expect(answer.status == 507, "\(answer)")
        let error = Self.object(answer.body)["error"] as? [String: Any] ?? [:]
        #expect(error["code"] as? String == "storage_full", "\(answer)")
        #expect(error["status"] as? Int == 507)
        #expect((error["message"] as? String)?.contains("nothing was recorded") == true, "\(answer)")
        #expect(shop.query("SELECT count(*) FROM fills") == String(recorded))
        #expect(Self.request(service, "GET", "/api/v1/cylinders").status == 200)
    }

    @Test("A fill from the page on a full disk is a 507 page: the logbook cannot be written, nothing was recorded")
    func pageFullDisk() throws {
        let shop = try Shop()
        let service = shop.service(maxPageCount: 1, authenticate: Authentication(log: { _ in }).authenticate)
        let app = WebApp(service: service, failures: FailedLogins(), secure: false)
        func request(_ method: String, _ path: String, cookie: String? = nil, form: [(String, String)] = []) -> HTTPResponse {
            let body = form.map { APIRoutes.pathSegment($0.0) + "=" + APIRoutes.pathSegment($0.1) }.joined(separator: "&")
            var headers = ["content-type": "application/x-www-form-urlencoded"]
            if let cookie { headers["cookie"] = cookie }
            return app.handle(HTTPRequest(method: method, rawPath: path, query: [], headers: headers, body: Array(body.utf8)))
        }
        func text(_ response: HTTPResponse) -> String { String(decoding: response.body, as: UTF8.self) }
        let token = try #require(text(request("GET", "/signin")).firstMatch(of: /name="csrf" value="([0-9a-f]+)"/)).output.1
        let signedIn = request(
            "POST", "/signin", cookie: "gaslog_signin=\(token)", form: [("csrf", String(token)), ("name", "ada"), ("password", "blender-pass-1")])
        let session = try #require(
            signedIn.headers.first { $0.name.lowercased() == "set-cookie" && $0.value.contains("gaslog_session=") }?.value
                .firstMatch(of: /gaslog_session=([0-9a-f]{64})/))
        let cookie = "gaslog_session=\(session.output.1)"
        let csrf = try #require(text(request("GET", "/", cookie: cookie)).firstMatch(of: /name="csrf" value="([0-9a-f]+)"/)).output.1

        var recorded = 0
        var refused: HTTPResponse?
        for _ in 0..<400 {
            let answer = request("POST", "/fill", cookie: cookie, form: [("csrf", String(csrf)), ("cylinder", "Club 07"), ("o2", "32")])
            guard answer.status == 303 else {
                refused = answer
                break
            }
            recorded += 1
        }
        let page = try #require(refused)
        #expect(page.status == 507, "\(text(page))")
        #expect(text(page).contains("The server cannot write to the logbook: its disk is full. Nothing was recorded"), "\(text(page))")
        #expect(!text(page).contains("could not read"))
        #expect(shop.query("SELECT count(*) FROM fills") == String(recorded))
    }

    @Test("/healthz is ok on a sound logbook, and 503 unwritable when it cannot grow by 64 MiB")
    func healthUnwritable() throws {
        let shop = try Shop()
        let sound = Self.request(shop.service(), "GET", "/healthz")
        #expect(sound.status == 200 && sound.body == #"{"status":"ok"}"# + "\n", "\(sound)")
        // A cap of 64 MiB less one page over what the file holds: less than 64 MiB to grow.
        let pages = try #require(Int(shop.query("PRAGMA page_count")))
        let pageSize = try #require(Int(shop.query("PRAGMA page_size")))
        let tight = Self.request(shop.service(maxPageCount: pages + (64 << 20) / pageSize - 1), "GET", "/healthz")
        #expect(tight.status == 503 && tight.body == #"{"status":"unwritable"}"# + "\n", "\(tight)")
        let roomy = Self.request(shop.service(maxPageCount: pages + (64 << 20) / pageSize), "GET", "/healthz")
        #expect(roomy.status == 200, "\(roomy)")
    }

    @Test("/healthz is 503 damaged when the user_version is not this gaslog's or the header cannot be read")
    func healthDamaged() throws {
        let shop = try Shop()
        let service = shop.service()
        #expect(Self.request(service, "GET", "/healthz").status == 200)
        // The service's own connection is open and has read the logbook.
        #expect(Self.request(service, "GET", "/api/v1/cylinders").status == 200)
        shop.shell([shop.db, "PRAGMA user_version = 13"])
        let older = Self.request(service, "GET", "/healthz")
        #expect(older.status == 503 && older.body == #"{"status":"damaged"}"# + "\n", "\(older)")
        shop.shell([shop.db, "PRAGMA user_version = 99"])
        #expect(Self.request(service, "GET", "/healthz").body == #"{"status":"damaged"}"# + "\n")
        shop.shell([shop.db, "PRAGMA user_version = \(Migration.latestVersion)"])
        #expect(Self.request(service, "GET", "/healthz").status == 200)

        // The header's magic overwritten in place, the file otherwise whole.
        let file = try #require(FileHandle(forWritingAtPath: shop.db))
        try file.seek(toOffset: 0)
        try file.write(contentsOf: Data(repeating: 0x21, count: 16))
        try file.close()
        let broken = Self.request(service, "GET", "/healthz")
        #expect(broken.status == 503 && broken.body == #"{"status":"damaged"}"# + "\n", "\(broken)")
    }
}
