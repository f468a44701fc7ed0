import Credentials
import Foundation
import GaslogCLI
import GaslogCore
import LogbookStore
import Testing

@testable import GaslogServer

/// The web pages' server side, in process: a `WebApp` over a fresh logbook,
/// with a clock the test moves, answering requests without a network.
@Suite("The fill station's pages: sessions, CSRF, escaping, headers, errors and the year report")
struct WebTests {
    /// A clock the test sets and moves.
    final class TestClock: @unchecked Sendable {
        private let lock = NSLock()
        private var now: Int
        init(_ text: String) { now = (try? Timestamp(parsing: text).secondsSinceEpoch) ?? 0 }
        func advance(seconds: Int) { lock.withLock { now += seconds } }
        var timestamp: Timestamp { lock.withLock { Timestamp(secondsSinceEpoch: now) } }
    }

    /// A logbook with a blender, a reader and two cylinders, and the pages over it.
    final class Station: @unchecked Sendable {
        let folder = NSTemporaryDirectory() + "gaslog-web-test-" + UUID().uuidString
        let clock = TestClock("2026-12-01T12:00:00Z")
        let app: WebApp
        let service: APIService

        /// `cylinder`: whether "Club 07" is in the register; `authenticating`:
        /// whether the API checks credentials as the server does, rather than refusing every one.
        init(secure: Bool = false, cylinder: Bool = true, authenticating: Bool = false) throws {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let clock = self.clock
            let refuse: APIService.Authenticator = { _, _ in .failure(Authentication.unauthorized) }
            service = APIService(
                path: folder + "/logbook.sqlite", clock: { clock.timestamp },
                authenticate: authenticating ? Authentication(log: { _ in }).authenticate : refuse, log: { _ in })
            app = WebApp(service: service, failures: FailedLogins(), secure: secure)
            let logbook = service.store
            try logbook.prepareForWriting()
            _ = try logbook.addAccount(AccountName(parsing: "ada"), role: .blender, passwordHash: PasswordHash.make("blender-pass-1"), actor: nil)
            _ = try logbook.addAccount(AccountName(parsing: "rita"), role: .reader, passwordHash: PasswordHash.make("reader-pass-1"), actor: nil)
            guard cylinder else { return }
            try cli([
                "cylinder", "add", "--working-pressure", "232", "--hydro", "2026-01-01", "--visual", "2026-06-01", "--o2-clean", "--", "Club 07",
            ])
        }

        deinit { try? FileManager.default.removeItem(atPath: folder) }

        /// Runs a `gaslog` command line on the logbook in this process, at the test's time.
        func cli(_ arguments: [String]) throws {
            let errors = OutputWriter.inMemory()
            let status = Gaslog.run(
                arguments: ["--db", folder + "/logbook.sqlite"] + arguments, environment: ["TZ": "UTC"], output: .inMemory(), errors: errors,
                clock: { [clock] in clock.timestamp })
            guard status == .success else { throw HarnessError("gaslog \(arguments): " + String(decoding: errors.captured, as: UTF8.self)) }
        }

        func request(_ method: String, _ path: String, cookie: String? = nil, form: [(String, String)] = []) -> HTTPResponse {
            let parts = path.split(separator: "?", maxSplits: 1).map(String.init)
            let query = parts.count > 1 ? PercentEncoding.parameters(of: parts[1]) ?? [] : []
            let body = form.map { APIRoutes.pathSegment($0.0) + "=" + APIRoutes.pathSegment($0.1) }.joined(separator: "&")
            var headers = ["content-type": "application/x-www-form-urlencoded"]
            if let cookie { headers["cookie"] = cookie }
            return app.handle(HTTPRequest(method: method, rawPath: parts[0], query: query, headers: headers, body: Array(body.utf8)))
        }

        /// Signs in; returns the cookie header for the session and the session's CSRF token.
        func signIn(_ name: String, _ password: String) throws -> (cookie: String, csrf: String) {
            let form = request("GET", "/signin")
            let token = try #require(text(form).firstMatch(of: /name="csrf" value="([0-9a-f]+)"/)).output.1
            let answer = request(
                "POST", "/signin", cookie: "gaslog_signin=\(token)", form: [("csrf", String(token)), ("name", name), ("password", password)])
            #expect(answer.status == 303)
            let session = try #require(header(answer, "Set-Cookie", containing: "gaslog_session=").firstMatch(of: /gaslog_session=([0-9a-f]{64})/))
            let cookie = "gaslog_session=\(session.output.1)"
            let page = request("GET", "/", cookie: cookie)
            let csrf = try #require(text(page).firstMatch(of: /name="csrf" value="([0-9a-f]+)"/)).output.1
            return (cookie, String(csrf))
        }
    }

    static func text(_ response: HTTPResponse) -> String { String(decoding: response.body, as: UTF8.self) }
    func text(_ response: HTTPResponse) -> String { Self.text(response) }

    static func header(_ response: HTTPResponse, _ name: String, containing part: String = "") -> String {
        response.headers.first { $0.name.lowercased() == name.lowercased() && (part.isEmpty || $0.value.contains(part)) }?.value ?? ""
    }
    func header(_ response: HTTPResponse, _ name: String, containing part: String = "") -> String { Self.header(response, name, containing: part) }

    @Test("The session cookie is HttpOnly and SameSite=Strict, Secure only under TLS, and lasts 12 hours")
    func sessionCookie() throws {
        for secure in [false, true] {
            let station = try Station(secure: secure)
            let form = station.request("GET", "/signin")
            let token = try #require(text(form).firstMatch(of: /name="csrf" value="([0-9a-f]+)"/)).output.1
            let answer = station.request(
                "POST", "/signin", cookie: "gaslog_signin=\(token)", form: [("csrf", String(token)), ("name", "ada"), ("password", "blender-pass-1")])
            let cookie = header(answer, "Set-Cookie", containing: "gaslog_session=")
            #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict") && cookie.contains("Max-Age=43200"))
            #expect(cookie.contains("Secure") == secure)
        }
    }

    @Test("A wrong password, or a sign-in form without its token, starts no session")
    func refusedSignIn() throws {
        let station = try Station()
        let form = station.request("GET", "/signin")
        let token = String(try #require(text(form).firstMatch(of: /name="csrf" value="([0-9a-f]+)"/)).output.1)
        let wrong = station.request(
            "POST", "/signin", cookie: "gaslog_signin=\(token)", form: [("csrf", token), ("name", "ada"), ("password", "nope-nope")])
        #expect(wrong.status == 401 && text(wrong).contains("The name or the password is wrong."))
        let forged = station.request("POST", "/signin", form: [("csrf", token), ("name", "ada"), ("password", "blender-pass-1")])
        #expect(forged.status == 403)
        #expect(station.app.sessions.count == 0)
    }

    @Test("A session ends after 12 hours, at sign-out, and when its account is removed")
    func sessionEnds() throws {
        let station = try Station()
        let (cookie, csrf) = try station.signIn("ada", "blender-pass-1")
        station.clock.advance(seconds: 12 * 3600 - 1)
        #expect(station.request("GET", "/", cookie: cookie).status == 200)
        station.clock.advance(seconds: 1)
        let expired = station.request("GET", "/", cookie: cookie)
        #expect(expired.status == 303 && header(expired, "Location") == "/signin")

        let (again, csrfAgain) = try station.signIn("ada", "blender-pass-1")
        #expect(csrfAgain != csrf)
        let out = station.request("POST", "/signout", cookie: again, form: [("csrf", csrfAgain)])
        #expect(out.status == 303 && header(out, "Set-Cookie").contains("Max-Age=0"))
        #expect(station.request("GET", "/", cookie: again).status == 303)

        let (third, _) = try station.signIn("ada", "blender-pass-1")
        _ = try station.service.store.removeAccount(AccountName(parsing: "ada"), actor: nil)
        #expect(station.request("GET", "/", cookie: third).status == 303)
    }

    @Test("A changing POST without the session's CSRF token is refused and changes nothing")
    func csrf() throws {
        let station = try Station()
        let (cookie, csrf) = try station.signIn("ada", "blender-pass-1")
        let fill: [(String, String)] = [("cylinder", "Club 07"), ("o2", "32"), ("ppo2", "1.4")]
        #expect(station.request("POST", "/fill", cookie: cookie, form: fill).status == 403)
        #expect(station.request("POST", "/fill", cookie: cookie, form: fill + [("csrf", String(repeating: "0", count: 64))]).status == 403)
        #expect(try station.service.store.history(FillQuery()).isEmpty)
        let recorded = station.request("POST", "/fill", cookie: cookie, form: fill + [("csrf", csrf)])
        #expect(recorded.status == 303 && header(recorded, "Location") == "/fills/1/tag?recorded=1")
        let stored = try station.service.store.fill(id: 1)
        #expect(stored.recordedBy == "ada" && stored.modMetres == 34 && stored.modFeet == 111)
    }

    @Test("A reader may not record a fill, even with the token")
    func readerRefused() throws {
        let station = try Station()
        let (cookie, csrf) = try station.signIn("rita", "reader-pass-1")
        let answer = station.request("POST", "/fill", cookie: cookie, form: [("csrf", csrf), ("cylinder", "Club 07"), ("o2", "32")])
        #expect(answer.status == 403)
        #expect(!text(station.request("GET", "/", cookie: cookie)).contains("action=\"/fill\""))
    }

    @Test("Text a user typed is escaped wherever a page shows it")
    func escaping() throws {
        let station = try Station()
        let hostile = #"<script>alert("x")</script> & 'quoted'"#
        try station.cli(["cylinder", "edit", "--note", hostile, "--owner", hostile, "--", "Club 07"])
        try station.cli(["fill", "--o2", "32", "--diver", hostile, "--note", hostile, "--at", "2026-11-30T10:00", "--", "Club 07"])
        let (cookie, _) = try station.signIn("ada", "blender-pass-1")
        for path in ["/cylinders/Club%2007", "/fills/1/tag", "/log", "/?q=" + APIRoutes.pathSegment(hostile)] {
            let page = text(station.request("GET", path, cookie: cookie))
            #expect(!page.contains("<script>alert"), "\(path)")
            #expect(!page.contains("'quoted'"), "\(path)")
        }
        let page = text(station.request("GET", "/cylinders/Club%2007", cookie: cookie))
        #expect(page.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quoted&#39;"))
    }

    @Test("Every page carries the security headers; pages with fills are never cached")
    func headers() throws {
        let station = try Station()
        let (cookie, _) = try station.signIn("ada", "blender-pass-1")
        for path in ["/", "/log", "/cylinders/Club%2007", "/signin", "/nothing-here-but-owned/../due"] {
            let answer = station.request("GET", path, cookie: cookie)
            #expect(header(answer, "Content-Security-Policy").hasPrefix("default-src 'self'"), "\(path)")
            #expect(!header(answer, "Content-Security-Policy").contains("unsafe-inline"))
            #expect(header(answer, "X-Content-Type-Options") == "nosniff")
            #expect(header(answer, "Referrer-Policy") == "same-origin")
        }
        for path in ["/", "/log", "/cylinders/Club%2007", "/log/export?format=csv"] {
            #expect(header(station.request("GET", path, cookie: cookie), "Cache-Control") == "no-store", "\(path)")
        }
        // No page has inline script: the only script is the file the policy allows.
        let board = text(station.request("GET", "/", cookie: cookie))
        #expect(board.matches(of: /<script/).count == 1 && board.contains(#"<script src="/static/app.js" defer></script>"#))
    }

    @Test("A busy or read-only logbook gives a 503 page that says which")
    func unavailable() {
        let busy = WebPage.errorPage(WebError(LogbookError(.busy(path: "/var/lib/gaslog/logbook.sqlite", waitedSeconds: 20))))
        #expect(busy.status == 503 && text(busy).contains("The logbook is busy") && Self.header(busy, "Retry-After") == "2")
        let readOnly = WebPage.errorPage(WebError(LogbookError(.readOnly(path: "/var/lib/gaslog/logbook.sqlite"))))
        #expect(readOnly.status == 503 && text(readOnly).contains("The logbook is read-only"))
        #expect(!text(readOnly).contains("busy") && !text(busy).contains("read-only"))
    }

    @Test("The year report counts fills by month and gas, and overrides and voids by month")
    func yearReport() throws {
        let station = try Station()
        try station.cli(["cylinder", "add", "--hydro", "2010-01-01", "--visual", "2010-01-01", "--", "Old 01"])
        for (at, o2) in [("2026-01-05T10:00", "32"), ("2026-01-20T10:00", "32"), ("2026-01-21T10:00", "air"), ("2026-03-02T10:00", "36")] {
            try station.cli(["fill", "--o2", o2, "--at", at, "--", "Club 07"])
        }
        try station.cli(["fill", "--o2", "32", "--at", "2026-03-03T10:00", "--override", "booked", "--", "Old 01"])
        try station.cli(["fill", "--o2", "40", "--at", "2025-12-31T10:00", "--", "Club 07"])
        try station.cli(["void", "--reason", "bad reading", "--", "4"])
        let (cookie, _) = try station.signIn("rita", "reader-pass-1")
        let page = text(station.request("GET", "/report?year=2026", cookie: cookie))
        // Columns: Air, EAN 32, Total; rows by month.
        #expect(
            page.contains(
                #"<th scope="col" class="number">Air</th><th scope="col" class="number">EAN 32</th><th scope="col" class="number">Total</th>"#))
        let january = try #require(page.firstMatch(of: /<tr><th scope="row">Jan<\/th>(.*?)<\/tr>/)).output.1
        #expect(january.matches(of: />(\d+)</).map { Int($0.output.1) } == [1, 2, 3])
        let march = try #require(page.firstMatch(of: /<tr><th scope="row">Mar<\/th>(.*?)<\/tr>/)).output.1
        #expect(march.matches(of: />(\d+)</).map { Int($0.output.1) } == [0, 1, 1])
        let exceptions = try #require(
            page.firstMatch(of: /(?s)exceptions.*?<th scope="row">Mar<\/th><td class="number">(\d+)<\/td><td class="number">(\d+)</))
        #expect(exceptions.output.1 == "1" && exceptions.output.2 == "1")
        #expect(page.contains("4 fills in force in 2026."))
        #expect(page.contains(#"<svg class="chart""#))
    }
}
