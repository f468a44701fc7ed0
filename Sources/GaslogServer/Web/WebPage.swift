import NitroxCalculator

/// The frame every page shares: the head, the navigation for the account's
/// role, the main content, and the unit switch; and the plain answers
/// (redirects, error pages).
enum WebPage {
    /// A whole page for a signed-in account.
    static func render(_ context: WebContext, title: String, body: HTML, status: Int = 200, headers: [(name: String, value: String)] = [])
        -> HTTPResponse
    {
        var links: [(String, String)] = [("/", "Board")]
        if context.level >= .blender { links.append(("/fill", "Record a fill")) }
        links += [("/compressors", "Compressors"), ("/due", "Due"), ("/log", "Log"), ("/calculators", "Calculators"), ("/report", "Year report")]
        if context.level >= .admin { links += [("/bills", "Bills"), ("/admin", "Admin")] }
        let path = context.request.rawPath
        let navigation = links.map { href, text -> HTML in
            let current: HTML = href == path ? #" aria-current="page""# : .empty
            return #"<li><a href="\#(href)"\#(current)>\#(text)</a></li>"#
        }.joined()
        let unitOptions = UnitSystem.allCases.map { unit -> HTML in
            #"<option value="\#(unit.rawValue)"\#(unit == context.unit ? " selected" : "")>\#(unit.rawValue)</option>"#
        }.joined()
        let header: HTML = """
            <header class="top"><nav aria-label="Main"><a class="brand" href="/">gaslog</a><ul>\(navigation)</ul></nav>
            <div class="who"><span>Signed in as <strong>\(context.account)</strong> (\(String(describing: context.level)))</span>
            <form method="post" action="/signout" class="inline">\(context.tokenField)<button type="submit" class="secondary">Sign out</button></form></div></header>
            """
        let footer: HTML = """
            <footer><form method="get" action="/prefs/unit" class="inline"><label for="unit-choice">Units in this browser</label>
            <select id="unit-choice" name="unit">\(unitOptions)</select><input type="hidden" name="back" value="\(path)">
            <button type="submit" class="secondary">Use</button></form></footer>
            """
        return html(status, title: title, body: header + "<main id=\"main\"><h1>\(title)</h1>\n" + body + "</main>" + footer, headers: headers)
    }

    /// An HTML document with `body`.
    static func html(_ status: Int, title: String, body: HTML, headers: [(name: String, value: String)] = []) -> HTTPResponse {
        let document: HTML = """
            <!DOCTYPE html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(title) · gaslog</title><link rel="stylesheet" href="/static/app.css"><script src="/static/app.js" defer></script></head>
            <body><a class="skip" href="#main">Skip to the content</a>
            \(body)
            </body></html>

            """
        return HTTPResponse(status: status, contentType: "text/html; charset=utf-8", headers: headers, body: Array(document.markup.utf8))
    }

    /// A 303 to `location`, so that reloading the page after a form does not send it again.
    static func redirect(_ location: String, headers: [(name: String, value: String)] = []) -> HTTPResponse {
        HTTPResponse(
            status: 303, contentType: "text/plain; charset=utf-8", headers: [("Location", location)] + headers, body: Array("See \(location)\n".utf8))
    }

    /// The page for an error: what happened, and the way back.
    static func errorPage(_ error: WebError) -> HTTPResponse {
        html(
            error.status, title: error.title,
            body: """
                <main id="main" class="narrow"><h1>\(error.title)</h1><p class="problem" role="alert">\(error.message)</p>
                <p><a class="button" href="/">Back to the board</a></p></main>
                """,
            headers: error.headers)
    }
}
