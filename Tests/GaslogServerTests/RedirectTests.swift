import Testing

@testable import GaslogServer

/// Every `back` and `next` target lands on this site: each vector, as a
/// browser would send it in a query string, percent-encoded or not.
@Suite("Redirects stay on the site")
struct RedirectTests {
    /// Targets that must end at `/`, written as they arrive, already query-decoded.
    static let hostile = [
        "//evil", "/\\evil", "/%5Cevil", "/%5cevil", "/%2F%2Fevil", "/%2f/evil", "https://evil", "\\\\evil", "\\/evil",
        "/\t/evil", "/\n/evil", "/%09/evil", "/%0A/evil", "/ /evil", "/%20%09/evil", "/%252F%252Fevil", "/%25255Cevil",
        "/\u{2028}/evil", "javascript:alert(1)", "evil", "", "/\\127.0.0.1:18999/phish", "/%ZZ",
    ]

    @Test("Hostile targets go to /; paths of this site are kept")
    func vectors() {
        for target in Self.hostile {
            #expect(SitePath.target(target) == "/", "\(target.debugDescription)")
        }
        for target in ["/", "/log?cylinder=Club%2007&since=2026-01-01", "/cylinders/Club%2007", "/fills/3/tag"] {
            #expect(SitePath.target(target) == target, "\(target)")
        }
    }

    @Test("/prefs/unit and the sign-in form send no browser to another host")
    func pages() throws {
        let station = try Station()
        let (cookie, _) = try station.signIn("rita", "reader-pass-1")
        for target in Self.hostile {
            let query = "unit=metric&back=" + APIRoutes.pathSegment(target)
            let answer = station.page("GET", "/prefs/unit?" + query, cookie: cookie)
            #expect(answer.status == 303 && Station.header(answer, "Location") == "/", "\(target.debugDescription)")
            let form = Station.text(station.page("GET", "/signin?next=" + APIRoutes.pathSegment(target)))
            #expect(form.contains(#"name="next" value="/">"#), "\(target.debugDescription)")
        }
        // The issue's own vector, as the browser sent it.
        let issue = station.page("GET", "/prefs/unit?unit=metric&back=/%5C127.0.0.1:18999/phish", cookie: cookie)
        #expect(Station.header(issue, "Location") == "/")
        let kept = station.page("GET", "/prefs/unit?unit=metric&back=" + APIRoutes.pathSegment("/log?limit=5"), cookie: cookie)
        #expect(Station.header(kept, "Location") == "/log?limit=5")
    }

    @Test("A sign-in with a hostile next lands on /")
    func signIn() throws {
        let station = try Station()
        for target in ["//evil", "/\\evil", "https://evil"] {
            let form = station.page("GET", "/signin")
            let token = try #require(Station.text(form).firstMatch(of: /name="csrf" value="([0-9a-f]+)"/)).output.1
            let answer = station.page(
                "POST", "/signin", cookie: "gaslog_signin=\(token)",
                form: [("csrf", String(token)), ("name", "ada"), ("password", "blender-pass-1"), ("next", target)])
            #expect(answer.status == 303 && Station.header(answer, "Location") == "/", "\(target)")
        }
    }
}
