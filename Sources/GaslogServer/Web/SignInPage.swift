import Credentials
import Foundation
import GaslogCore

/// Signing in with an account's name and password. The form carries a CSRF
/// token matched by a cookie, so that another site cannot sign a browser in
/// to an account of its choosing. A failed sign-in waits as the API's does,
/// on the same count.
enum SignInPage {
    static func answer(_ request: HTTPRequest, app: WebApp) throws(WebError) -> HTTPResponse {
        let cookies = Cookies.parse(request.headers["cookie"])
        let query = Dictionary(request.query.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        if request.method == "GET" {
            if let token = cookies[Cookies.session], app.sessions.session(for: token) != nil { return WebPage.redirect("/") }
            return form(next: SitePath.target(query["next"]), name: "", problem: nil, status: 200, secure: app.secure)
        }
        let fields = WebForms.fields(of: request.body)
        let next = SitePath.target(fields["next"])
        guard let expected = cookies[Cookies.signIn], let sent = fields["csrf"], WebApp.sameToken(sent, expected) else {
            return form(
                next: next, name: fields["name"] ?? "", problem: "The sign-in form was out of date. Please sign in again.", status: 403,
                secure: app.secure)
        }
        let nameText = fields["name"] ?? ""
        let password = fields["password"] ?? ""
        let wrong = "The name or the password is wrong."
        guard let name = try? AccountName(parsing: nameText) else {
            return form(next: next, name: nameText, problem: wrong, status: 401, secure: app.secure)
        }
        // The wait comes before the check, right or wrong, as in the API, and
        // holds no thread: the request comes back once it has waited.
        switch app.failures.turn(for: name.key, from: request.clientAddress, waited: request.waited) {
        case .now: break
        case .wait(let deferral):
            var stopping = WebPage.html(
                503, title: "Sign in",
                body: #"<main id="main" class="narrow"><h1>The server is stopping</h1><p>Please sign in again in a moment.</p></main>"#,
                headers: [("Retry-After", "5"), ("Connection", "close")])
            stopping.deferral = deferral
            return stopping
        case .full(let retryAfter, let count):
            app.service.log(
                "failed sign-in in the browser for account \(name.text) (\(count) in a row): \(app.failures.waitingLimit) sign-ins are already waiting, or \(FailedLogins.perAddressWaiting) from this address; answered 503"
            )
            return WebPage.html(
                503, title: "Sign in",
                body: #"<main id="main" class="narrow"><h1>Too many sign-ins are waiting</h1><p>Please try again in a moment.</p></main>"#,
                headers: [("Retry-After", String(retryAfter))])
        }
        let found: Account?
        do throws(LogbookError) {
            found = try FindAccount(.name(name)).run(in: Session(actor: nil, logbook: app.service.logbook())).account
        } catch {
            throw WebError(error)
        }
        let account = found?.isRemoved == false ? found : nil
        let matches = account.map { PasswordHash.verify(password, hash: $0.passwordHash) } ?? PasswordHash.verifyWithoutAccount(password)
        guard let account, matches else {
            let count = app.failures.recordFailure(for: name.key, from: request.clientAddress)
            app.service.log("failed sign-in in the browser for account \(name.text) (\(count) in a row)")
            return form(next: next, name: nameText, problem: wrong, status: 401, secure: app.secure)
        }
        app.failures.reset(for: name.key, from: request.clientAddress)
        let (token, _) = app.sessions.start(for: account)
        let target = next.hasPrefix("/signin") ? "/" : next
        return WebPage.redirect(
            target,
            headers: [
                Cookies.set(Cookies.session, token, maxAge: WebSessions.lifetime, secure: app.secure),
                Cookies.set(Cookies.signIn, "", maxAge: 0, secure: app.secure),
            ])
    }

    private static func form(next: String, name: String, problem: String?, status: Int, secure: Bool) -> HTTPResponse {
        let token = APIToken.generate()
        let problemText = problem.map { text -> HTML in #"<p class="problem" role="alert" id="signin-problem">\#(text)</p>"# } ?? .empty
        let described: HTML = problem == nil ? .empty : #" aria-describedby="signin-problem""#
        let body: HTML = """
            <main id="main" class="narrow"><h1>Sign in to gaslog</h1>\(problemText)
            <form method="post" action="/signin" class="panel">
            <input type="hidden" name="csrf" value="\(token)"><input type="hidden" name="next" value="\(next)">
            <div class="field"><label for="signin-name">Name</label>
            <input type="text" id="signin-name" name="name" autocomplete="username" autocapitalize="none" required value="\(name)"\(described)></div>
            <div class="field"><label for="signin-password">Password</label>
            <input type="password" id="signin-password" name="password" autocomplete="current-password" required\(described)></div>
            <div class="actions"><button type="submit">Sign in</button></div></form></main>
            """
        return WebPage.html(status, title: "Sign in", body: body, headers: [Cookies.set(Cookies.signIn, token, maxAge: 3600, secure: secure)])
    }
}
