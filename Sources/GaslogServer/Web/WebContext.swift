import GaslogCore
import NitroxCalculator

/// One signed-in request as a page handler sees it: who makes it and with
/// what rights, its query and form, the logbook of the serving thread, and
/// the units to show.
struct WebContext {
    let request: HTTPRequest
    let query: [String: String]
    let form: [String: String]
    let logbook: OpenLogbook
    let account: String
    let level: Principal.Level
    let session: WebSession
    /// The token of the browser's session, and where sessions are kept.
    let sessionToken: String
    let sessions: WebSessions
    /// Whether the server speaks TLS, so that cookies are `Secure`.
    let secure: Bool
    let settings: LogbookSettings
    /// The units shown: `?unit=`, else the browser's choice, else the logbook's.
    let unit: UnitSystem
    let clock: @Sendable () -> Timestamp

    /// Refuses a request whose account lacks `needed`.
    func require(_ needed: Principal.Level) throws(WebError) {
        guard level >= needed else {
            throw WebError.forbidden("The account \(account) may not do this: it needs the role \(needed).")
        }
    }

    /// Refuses a posted form without this session's CSRF token, so that
    /// another site cannot make a signed-in browser change the logbook.
    func checkFormToken() throws(WebError) {
        guard let sent = form["csrf"], WebApp.sameToken(sent, session.formToken) else {
            throw WebError(
                status: 403, title: "Form refused",
                message: "The form was not sent from this site's page, or it is out of date. Reload the page and send it again.")
        }
    }

    /// A query value, `nil` when empty.
    func value(_ name: String) -> String? {
        guard let text = query[name], !text.isEmpty else { return nil }
        return text
    }

    /// A form value, `nil` when empty.
    func field(_ name: String) -> String? {
        guard let text = form[name]?.trimmingPrefixAndSuffixSpaces, !text.isEmpty else { return nil }
        return text
    }

    /// Runs a use case for this account on `values`; its outcome, or the page for its error.
    func run<Case: UseCase>(_ useCase: Case.Type, _ values: InputValues) throws(WebError) -> Outcome<Case.Output> {
        do throws(LogbookError) {
            return try Case.run(values, in: Session(actor: account, logbook: logbook))
        } catch {
            throw WebError(error)
        }
    }

    /// Runs a use case the page has read from its own form, for this
    /// account; its result, or the page for its error.
    func run<Case: UseCase>(_ useCase: Case) throws(WebError) -> Case.Output {
        do throws(LogbookError) {
            return try useCase.run(in: Session(actor: account, logbook: logbook))
        } catch {
            throw WebError(error)
        }
    }

    /// Ends the session, and sends the browser to the sign-in page.
    func signOut() -> HTTPResponse {
        sessions.end(sessionToken)
        return WebPage.redirect("/signin", headers: [Cookies.set(Cookies.session, "", maxAge: 0, secure: secure)])
    }

    /// Remembers the units the browser asked for, and goes back.
    func chooseUnit() throws(WebError) -> HTTPResponse {
        guard let unit = value("unit").flatMap(UnitSystem.init(name:)) else { throw .badInput("Choose metric or imperial.") }
        return WebPage.redirect(
            SitePath.target(value("back")), headers: [Cookies.set(Cookies.unit, unit.rawValue, maxAge: 400 * 24 * 3600, secure: secure)])
    }

    /// The hidden field that carries the CSRF token.
    var tokenField: HTML { #"<input type="hidden" name="csrf" value="\#(session.formToken)">"# }
}
