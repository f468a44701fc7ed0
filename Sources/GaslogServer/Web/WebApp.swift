import Credentials
import Foundation
import LogbookStore
import NitroxCalculator

/// The fill station in a browser: server-rendered pages at `/`, beside the
/// API, on the same logbook. Pages need a signed-in session (a cookie);
/// every form that changes something carries the session's CSRF token.
/// Only the paths listed in ``handles(_:)`` are the web's: anything else
/// stays the API's, which authenticates before it routes.
final class WebApp: @unchecked Sendable {
    /// The first path segments the pages own; `/` is the board.
    static let ownedSegments: Set<String> = [
        "signin", "signout", "static", "cylinders", "fill", "fills", "due", "log", "calculators", "report", "admin", "prefs",
    ]

    let service: APIService
    let sessions: WebSessions
    let failures: FailedLogins
    /// Whether the server speaks TLS, so that cookies are `Secure`.
    let secure: Bool

    /// The pages over `service`'s logbooks; `failures` is the API's, so a
    /// guesser gains nothing by switching between the API and the page.
    init(service: APIService, failures: FailedLogins, secure: Bool) {
        self.service = service
        self.sessions = WebSessions(clock: service.clock)
        self.failures = failures
        self.secure = secure
    }

    /// Whether a request is for a page rather than the API.
    static func handles(_ request: HTTPRequest) -> Bool {
        guard let first = request.segments.first else { return true }
        return ownedSegments.contains(first)
    }

    /// Compares two tokens in constant time.
    static func sameToken(_ a: String, _ b: String) -> Bool {
        constantTimeEquals(Array(a.utf8), Array(b.utf8))
    }

    /// Answers one page request, and writes its line to the access log.
    func handle(_ request: HTTPRequest) -> HTTPResponse {
        let started = DispatchTime.now()
        var account = "-"
        var response: HTTPResponse
        do throws(WebError) {
            (response, account) = try answer(request)
        } catch {
            response = WebPage.errorPage(error)
        }
        response.headers += WebApp.securityHeaders
        if !(request.segments.first == "static") { response.headers.append(("Cache-Control", "no-store")) }
        // A throttled sign-in comes back when it has waited; it is logged then.
        if response.deferral == nil { service.logAccess(request, account: account, status: response.status, since: started) }
        return response
    }

    /// Nothing is loaded from another origin, no inline script runs, and no
    /// other site may frame the pages or receive their addresses.
    static let securityHeaders: [(name: String, value: String)] = [
        ("Content-Security-Policy", "default-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'"),
        ("X-Content-Type-Options", "nosniff"),
        ("Referrer-Policy", "same-origin"),
    ]

    private func answer(_ request: HTTPRequest) throws(WebError) -> (HTTPResponse, String) {
        let segments = request.segments
        let method = request.method == "HEAD" ? "GET" : request.method
        switch (method, segments.joined(separator: "/")) {
        case ("GET", "static/app.css"):
            return (
                HTTPResponse(
                    status: 200, contentType: "text/css; charset=utf-8", headers: [("Cache-Control", "max-age=600")], body: Array(WebStyle.css.utf8)),
                "-"
            )
        case ("GET", "static/app.js"):
            return (
                HTTPResponse(
                    status: 200, contentType: "text/javascript; charset=utf-8", headers: [("Cache-Control", "max-age=600")],
                    body: Array(WebScript.js.utf8)),
                "-"
            )
        case ("GET", "signin"), ("POST", "signin"):
            return (try SignInPage.answer(request, app: self), "-")
        default:
            break
        }
        let logbook = service.logbook()
        let cookies = Cookies.parse(request.headers["cookie"])
        guard let token = cookies[Cookies.session], let session = sessions.session(for: token) else {
            return (signInFirst(request), "-")
        }
        // The account is read again on every request: a removed account's
        // session is refused from its next request, and so is one whose
        // password has changed since; a new role applies at once.
        let found: Account?
        do throws(LogbookError) {
            let name = try? AccountName(parsing: session.account)
            found = try name.map { name throws(LogbookError) in try logbook.account(named: name) } ?? nil
        } catch {
            throw WebError(error)
        }
        guard let account = found, !account.isRemoved, WebSessions.credential(of: account) == session.credential else {
            sessions.end(token)
            return (signInFirst(request), "-")
        }
        let settings: LogbookSettings
        do throws(LogbookError) {
            settings = try logbook.settings()
        } catch {
            throw WebError(error)
        }
        let query = Dictionary(request.query.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        let unit = query["unit"].flatMap(UnitSystem.init(name:)) ?? cookies[Cookies.unit].flatMap(UnitSystem.init(name:)) ?? settings.unit
        let context = WebContext(
            request: request, query: query, form: request.method == "POST" ? WebForms.fields(of: request.body) : [:], logbook: logbook,
            account: account.name, level: Authentication.level(of: account.role), session: session, sessionToken: token, sessions: sessions,
            settings: settings, unit: unit,
            clock: service.clock)
        if request.method == "POST" { try context.checkFormToken() }
        return (try route(method, segments, context, token: token), account.name)
    }

    private func route(_ method: String, _ segments: [String], _ context: WebContext, token: String) throws(WebError) -> HTTPResponse {
        // The path's fixed words with `*` for a name or an id, and the values in their order.
        let shape = segments.enumerated().map { index, segment in
            index == 1 && ["cylinders", "fills"].contains(segments[0]) ? "*" : segment
        }.joined(separator: "/")
        let parameter = segments.count > 1 ? segments[1] : ""
        switch (method, shape) {
        case ("POST", "signout"):
            sessions.end(token)
            return WebPage.redirect("/signin", headers: [Cookies.set(Cookies.session, "", maxAge: 0, secure: secure)])
        case ("GET", "prefs/unit"):
            guard let unit = context.value("unit").flatMap(UnitSystem.init(name:)) else { throw .badInput("Choose metric or imperial.") }
            let back = SitePath.target(context.value("back"))
            return WebPage.redirect(back, headers: [Cookies.set(Cookies.unit, unit.rawValue, maxAge: 400 * 24 * 3600, secure: secure)])
        case ("GET", ""): return try BoardPage.render(context)
        case ("GET", "cylinders/*"): return try CylinderPage.render(context, name: parameter)
        case ("POST", "cylinders/*/edit"), ("POST", "cylinders/*/rename"), ("POST", "cylinders/*/retire"), ("POST", "cylinders/*/reinstate"):
            return try CylinderPage.change(context, name: parameter, action: segments[2])
        case ("GET", "fill"): return try FillPage.form(context)
        case ("POST", "fill"): return try FillPage.record(context)
        case ("GET", "fills/*/tag"): return try TagPage.render(context, id: parameter)
        case ("POST", "fills/*/void"): return try TagPage.void(context, id: parameter)
        case ("GET", "due"): return try DuePage.render(context)
        case ("GET", "log"): return try LogPage.render(context)
        case ("GET", "log/export"): return try LogPage.export(context)
        case ("GET", "calculators"): return try CalculatorPage.render(context)
        case ("GET", "report"): return try YearReportPage.render(context)
        case ("GET", "admin"): return try AdminPage.render(context)
        case ("POST", "admin/add"), ("POST", "admin/role"), ("POST", "admin/remove"), ("POST", "admin/token"), ("POST", "admin/revoke"),
            ("POST", "admin/setting"):
            return try AdminPage.change(context, action: segments[1])
        default:
            throw .notFound("There is no page at \(context.request.rawPath).")
        }
    }

    /// Sends a browser that is not signed in to the sign-in page, and back here after.
    private func signInFirst(_ request: HTTPRequest) -> HTTPResponse {
        let next = request.method == "GET" ? request.rawPath : "/"
        return WebPage.redirect("/signin" + (next == "/" ? "" : "?next=" + APIRoutes.pathSegment(next)))
    }
}
