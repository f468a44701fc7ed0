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
    func text(_ response: HTTPResponse) -> String { Station.text(response) }
    func header(_ response: HTTPResponse, _ name: String, containing part: String = "") -> String {
        Station.header(response, name, containing: part)
    }

    @Test("The session cookie is HttpOnly and SameSite=Strict, Secure only under TLS, and lasts 12 hours")
    func sessionCookie() throws {
        for secure in [false, true] {
            let station = try Station(secure: secure)
            let form = station.page("GET", "/signin")
            let token = try #require(text(form).firstMatch(of: /name="csrf" value="([0-9a-f]+)"/)).output.1
            let answer = station.page(
                "POST", "/signin", cookie: "gaslog_signin=\(token)", form: [("csrf", String(token)), ("name", "ada"), ("password", "blender-pass-1")])
            let cookie = header(answer, "Set-Cookie", containing: "gaslog_session=")
            #expect(cookie.contains("HttpOnly") && cookie.contains("SameSite=Strict") && cookie.contains("Max-Age=43200"))
            #expect(cookie.contains("Secure") == secure)
        }
    }

    @Test("A wrong password, or a sign-in form without its token, starts no session")
    func refusedSignIn() throws {
        let station = try Station()
        let form = station.page("GET", "/signin")
        let token = String(try #require(text(form).firstMatch(of: /name="csrf" value="([0-9a-f]+)"/)).output.1)
        let wrong = station.page(
            "POST", "/signin", cookie: "gaslog_signin=\(token)", form: [("csrf", token), ("name", "ada"), ("password", "nope-nope")])
        #expect(wrong.status == 401 && text(wrong).contains("The name or the password is wrong."))
        let forged = station.page("POST", "/signin", form: [("csrf", token), ("name", "ada"), ("password", "blender-pass-1")])
        #expect(forged.status == 403)
        #expect(station.app.sessions.count == 0)
    }

    @Test("A session ends after 12 hours, at sign-out, and when its account is removed")
    func sessionEnds() throws {
        let station = try Station()
        let (cookie, csrf) = try station.signIn("ada", "blender-pass-1")
        station.clock.advance(seconds: 12 * 3600 - 1)
        #expect(station.page("GET", "/", cookie: cookie).status == 200)
        station.clock.advance(seconds: 1)
        let expired = station.page("GET", "/", cookie: cookie)
        #expect(expired.status == 303 && header(expired, "Location") == "/signin")

        let (again, csrfAgain) = try station.signIn("ada", "blender-pass-1")
        #expect(csrfAgain != csrf)
        let out = station.page("POST", "/signout", cookie: again, form: [("csrf", csrfAgain)])
        #expect(out.status == 303 && header(out, "Set-Cookie").contains("Max-Age=0"))
        #expect(station.page("GET", "/", cookie: again).status == 303)

        let (third, _) = try station.signIn("ada", "blender-pass-1")
        _ = try station.service.store.removeAccount(AccountName(parsing: "ada"), actor: nil)
        #expect(station.page("GET", "/", cookie: third).status == 303)
    }

    @Test("A changing POST without the session's CSRF token is refused and changes nothing")
    func csrf() throws {
        let station = try Station()
        let (cookie, csrf) = try station.signIn("ada", "blender-pass-1")
        let fill: [(String, String)] = [("cylinder", "Club 07"), ("o2", "32"), ("ppo2", "1.4")]
        #expect(station.page("POST", "/fill", cookie: cookie, form: fill).status == 403)
        #expect(station.page("POST", "/fill", cookie: cookie, form: fill + [("csrf", String(repeating: "0", count: 64))]).status == 403)
        #expect(try station.service.store.history(FillQuery()).isEmpty)
        let recorded = station.page("POST", "/fill", cookie: cookie, form: fill + [("csrf", csrf)])
        #expect(recorded.status == 303 && header(recorded, "Location") == "/fills/1/tag?recorded=1")
        let stored = try station.service.store.fill(id: 1)
        #expect(stored.recordedBy == "ada" && stored.modMetres == 34 && stored.modFeet == 111)
    }

    @Test("A reader may not record a fill, even with the token")
    func readerRefused() throws {
        let station = try Station()
        let (cookie, csrf) = try station.signIn("rita", "reader-pass-1")
        let answer = station.page("POST", "/fill", cookie: cookie, form: [("csrf", csrf), ("cylinder", "Club 07"), ("o2", "32")])
        #expect(answer.status == 403)
        #expect(!text(station.page("GET", "/", cookie: cookie)).contains("action=\"/fill\""))
    }

    @Test("Text a user typed is escaped wherever a page shows it")
    func escaping() throws {
        let station = try Station()
        let hostile = #"<script>alert("x")</script> & 'quoted'"#
        try station.cli(["cylinder", "edit", "--note", hostile, "--owner", hostile, "--", "Club 07"])
        try station.cli(["fill", "--o2", "32", "--diver", hostile, "--note", hostile, "--at", "2026-11-30T10:00", "--", "Club 07"])
        let (cookie, _) = try station.signIn("ada", "blender-pass-1")
        for path in ["/cylinders/Club%2007", "/fills/1/tag", "/log", "/?q=" + APIRoutes.pathSegment(hostile)] {
            let page = text(station.page("GET", path, cookie: cookie))
            #expect(!page.contains("<script>alert"), "\(path)")
            #expect(!page.contains("'quoted'"), "\(path)")
        }
        let page = text(station.page("GET", "/cylinders/Club%2007", cookie: cookie))
        #expect(page.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;quoted&#39;"))
    }

    @Test("Every page carries the security headers; pages with fills are never cached")
    func headers() throws {
        let station = try Station()
        let (cookie, _) = try station.signIn("ada", "blender-pass-1")
        for path in ["/", "/log", "/cylinders/Club%2007", "/signin", "/nothing-here-but-owned/../due"] {
            let answer = station.page("GET", path, cookie: cookie)
            #expect(header(answer, "Content-Security-Policy").hasPrefix("default-src 'self'"), "\(path)")
            #expect(!header(answer, "Content-Security-Policy").contains("unsafe-inline"))
            #expect(header(answer, "X-Content-Type-Options") == "nosniff")
            #expect(header(answer, "Referrer-Policy") == "same-origin")
        }
        for path in ["/", "/log", "/cylinders/Club%2007", "/log/export?format=csv"] {
            #expect(header(station.page("GET", path, cookie: cookie), "Cache-Control") == "no-store", "\(path)")
        }
        // No page has inline script: the only script is the file the policy allows.
        let board = text(station.page("GET", "/", cookie: cookie))
        #expect(board.matches(of: /<script/).count == 1 && board.contains(#"<script src="/static/app.js" defer></script>"#))
    }

    @Test("A busy or read-only logbook gives a 503 page that says which")
    func unavailable() {
        let busy = WebPage.errorPage(WebError(LogbookError(.busy(path: "/var/lib/gaslog/logbook.sqlite", waitedSeconds: 20))))
        #expect(busy.status == 503 && text(busy).contains("The logbook is busy") && Station.header(busy, "Retry-After") == "2")
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
        let page = text(station.page("GET", "/report?year=2026", cookie: cookie))
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
