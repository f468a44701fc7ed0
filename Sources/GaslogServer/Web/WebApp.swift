import Credentials
import Foundation
import GaslogCore
import NitroxCalculator

/// The fill station in a browser: server-rendered pages at `/`, beside the
/// API, on the same logbook. Pages need a signed-in session (a cookie);
/// every form that changes something carries the session's CSRF token.
/// The API owns `/api/` and its other paths (`/healthz`); every other path
/// is a page's, so that a mistyped page address is the HTML 404 page, never
/// the API's 401 and its password dialog.
final class WebApp: @unchecked Sendable {
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

    /// Whether a request is for a page rather than the API: anything not
    /// under `/api/` and not a path of the API's own (`/healthz`).
    static func handles(_ request: HTTPRequest) -> Bool {
        guard let first = request.segments.first else { return true }
        if first == "api" { return false }
        return !APIRoutes.all.contains { $0.match(request.segments) != nil }
    }

    /// Answers any request of the server: a page's here, the API's by the API.
    func serve(_ request: HTTPRequest) -> HTTPResponse {
        WebApp.handles(request) ? handle(request) : service.handle(request)
    }

    /// Decides on a request's head, before any byte of its body is read (see
    /// ``HTTPServer/Admission``): the API's by the API; a page's is refused
    /// now when it would be anyway (no such page or method, no session, too
    /// low a role). The sign-in form is read: it carries the credentials.
    func admit(_ request: HTTPRequest) -> HTTPServer.Admission {
        guard WebApp.handles(request) else { return service.admit(request) }
        let started = DispatchTime.now()
        let route: Route
        do throws(RoutingFailure) {
            (route, _) = try Route.resolve(request.method, request.segments, in: PageRoutes.all)
        } catch {
            return .refuse(handle(request))
        }
        guard case .page = route.action else { return .proceed(nil) }
        var account = "-"
        do throws(WebError) {
            guard let context = try signedIn(request, checkingForm: false) else { return .refuse(handle(request)) }
            account = context.account
            try context.require(route.level)
            return .proceed(nil)
        } catch {
            var response = WebPage.errorPage(error)
            if let detail = error.detail { service.log("error: \(request.method) \(request.rawPath): \(detail)") }
            response.headers += WebApp.securityHeaders + [("Cache-Control", "no-store")]
            service.logAccess(request, account: account, status: response.status, since: started)
            return .refuse(response)
        }
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
            // A 500's detail is for the server's operator, never for the page.
            if let detail = error.detail { service.log("error: \(request.method) \(request.rawPath): \(detail)") }
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
        let route: Route
        let parameters: [String: String]
        do throws(RoutingFailure) {
            (route, parameters) = try Route.resolve(request.method, request.segments, in: PageRoutes.all)
        } catch {
            switch error {
            case .notFound: throw .notFound("There is no page at \(request.rawPath).")
            case .methodNotAllowed(let allowed):
                throw WebError(status: 405, title: "Not here", message: "This page takes \(allowed).", headers: [("Allow", allowed)])
            }
        }
        switch route.action {
        case .asset(let contentType, let body):
            return (HTTPResponse(status: 200, contentType: contentType, headers: [("Cache-Control", "max-age=600")], body: Array(body.utf8)), "-")
        case .signIn:
            return (try SignInPage.answer(request, app: self), "-")
        case .page(let handler):
            guard let context = try signedIn(request) else { return (signInFirst(request), "-") }
            try context.require(route.level)
            return (try handler(context, parameters), context.account)
        case .useCase, .custom:
            throw WebError(status: 500, title: "Something went wrong", message: "The server could not answer; the reason is in its log.")
        }
    }

    /// The signed-in request's context, or `nil` when the browser must sign in first.
    private func signedIn(_ request: HTTPRequest, checkingForm: Bool = true) throws(WebError) -> WebContext? {
        let logbook = service.logbook()
        let cookies = Cookies.parse(request.headers["cookie"])
        guard let token = cookies[Cookies.session], let session = sessions.session(for: token) else { return nil }
        // The account is read again on every request: a removed account's
        // session is refused from its next request, and so is one whose
        // password has changed since; a new role applies at once.
        // Read before the page's own use case, which runs for the account found.
        let reading = Session(actor: nil, logbook: logbook)
        let found: Account?
        do throws(LogbookError) {
            let name = try? AccountName(parsing: session.account)
            found = try name.map { name throws(LogbookError) in try FindAccount(.name(name)).run(in: reading).account } ?? nil
        } catch {
            throw WebError(error)
        }
        guard let account = found, !account.isRemoved, WebSessions.credential(of: account) == session.credential else {
            sessions.end(token)
            return nil
        }
        let settings: LogbookSettings
        do throws(LogbookError) {
            settings = try ListSettings().run(in: reading).settings
        } catch {
            throw WebError(error)
        }
        let query = Dictionary(request.query.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        let unit = query["unit"].flatMap(UnitSystem.init(name:)) ?? cookies[Cookies.unit].flatMap(UnitSystem.init(name:)) ?? settings.unit
        let context = WebContext(
            request: request, query: query, form: request.method == "POST" ? WebForms.fields(of: request.body) : [:], logbook: logbook,
            account: account.name, level: Authentication.level(of: account.role), session: session, sessionToken: token, sessions: sessions,
            secure: secure, settings: settings, unit: unit, clock: service.clock)
        if request.method == "POST" && checkingForm { try context.checkFormToken() }
        return context
    }

    /// Sends a browser that is not signed in to the sign-in page, and back here after.
    private func signInFirst(_ request: HTTPRequest) -> HTTPResponse {
        let next = request.method == "GET" ? request.rawPath : "/"
        return WebPage.redirect("/signin" + (next == "/" ? "" : "?next=" + APIRoutes.pathSegment(next)))
    }
}
