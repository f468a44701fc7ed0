import Foundation
import Testing

@testable import GaslogServer

/// Gas accounting's pages in process, signed in with a session cookie as a browser is: the fill form's
/// start, top-off and payer, the tag's charge, and the admin's `/bills`
/// with its forms; each change checked against rows read with `sqlite3` and
/// against litres worked out here.
@Suite("Gas accounting's pages: the fill form, the tag's charge and /bills", .serialized)
struct BillsPageTests {
    /// A browser's session: its cookies, and the session's CSRF token.
    final class Browser {
        let server: Station
        private var cookies: [String: String] = [:]
        private(set) var csrf = ""

        /// Signs `name` in, with the harness's password.
        init(_ server: Station, signingIn name: String) throws {
            self.server = server
            let form = get("/signin")
            let token = try #require(form.body.firstMatch(of: /name="csrf" value="([0-9a-f]+)"/)).output.1
            let answer = post("/signin", [("csrf", String(token)), ("name", name), ("password", "correct horse battery")], addingToken: false)
            try #require(answer.status == 303, "sign-in of \(name): \(answer.body)")
            let board = get("/")
            csrf = String(try #require(board.body.firstMatch(of: /name="csrf" value="([0-9a-f]+)"/)).output.1)
        }

        /// A page: its status, its body and where it redirects.
        struct Page {
            let status: Int
            let body: String
            let location: String?
        }

        func get(_ path: String) -> Page { send("GET", path, []) }

        /// Posts a form, with the session's CSRF token unless told not to.
        func post(_ path: String, _ fields: [(String, String)], addingToken: Bool = true) -> Page {
            send("POST", path, (addingToken ? [("csrf", csrf)] : []) + fields)
        }

        /// Sends the cookies kept, and keeps those the answer sets (a `Max-Age=0` one is dropped).
        private func send(_ method: String, _ path: String, _ form: [(String, String)]) -> Page {
            let cookie = cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
            let answer = server.page(method, path, cookie: cookie.isEmpty ? nil : cookie, form: form)
            for (name, value) in answer.headers where name.lowercased() == "set-cookie" {
                guard let pair = value.split(separator: ";").first, let equals = pair.firstIndex(of: "=") else { continue }
                let key = String(pair[..<equals]).trimmingCharacters(in: .whitespaces)
                cookies[key] = value.contains("Max-Age=0") ? nil : String(pair[pair.index(after: equals)...])
            }
            let location = Station.header(answer, "Location")
            return Page(status: answer.status, body: Station.text(answer), location: location.isEmpty ? nil : location)
        }
    }

    /// A server with an admin, a blender and a reader, a 12 L cylinder, and
    /// prices in force since 2026-01-01.
    func clubServer(prices: Bool = true) throws -> Station {
        let server = try Station.empty()
        try server.addAccount("ada", role: "admin")
        try server.addAccount("ben", role: "blender")
        try server.addAccount("rita", role: "reader")
        try server.cli(
            "cylinder", "add", "Club 07", "--volume", "12", "--working-pressure", "232", "--hydro", "2026-01-10", "--visual", "2026-06-01",
            "--o2-clean")
        if prices {
            for (item, price) in [("oxygen", "0.012"), ("air", "0.001"), ("fill-fee", "2.00")] {
                try server.cli("price", "set", item, price, "--effective", "2026-01-01")
            }
        }
        return server
    }

    static func sqlite(_ server: Station, _ sql: String) throws -> String {
        try WarningRouteTests.sqlite(server.db, sql).trimmingCharacters(in: .newlines)
    }

    /// The fill form's fields for EAN 32 to 200 bar in Club 07 on 2026-11-29 at 10:00.
    static let nitroxFill: [(String, String)] = [
        ("cylinder", "Club 07"), ("o2", "32"), ("ppo2", "1.4"), ("pressure", "200"), ("diver", "Ann"), ("at", "2026-11-29T10:00"),
        ("at-default", "2026-12-01T00:00"),
    ]

    @Test("The fill form's pressure before, gas before, top-off and bill to are stored, and the tag shows the charge they make")
    func fillFormAndTag() throws {
        let server = try clubServer()
        let ben = try Browser(server, signingIn: "ben")
        let form = ben.get("/fill")
        for (name, label) in [("from", "Pressure before (bar)"), ("from-gas", "Gas before"), ("top-off", "Top-off gas"), ("bill-to", "Bill to")] {
            #expect(form.body.contains(#"<label for="field-\#(name)">\#(label)</label>"#), "\(name)")
            #expect(form.body.contains(#"aria-describedby="field-\#(name)-hint""#), "\(name)")
        }
        let recorded = ben.post("/fill", Self.nitroxFill + [("from", "50"), ("from-gas", "air"), ("top-off", "air"), ("bill-to", "Bo")])
        #expect(recorded.status == 303 && recorded.location == "/fills/1/tag?recorded=1", "\(recorded.body)")
        #expect(
            try Self.sqlite(server, "SELECT start_centibar, start_o2_permille, top_off_o2_permille, bill_to, diver FROM fills WHERE id = 1")
                == "5000|210|210|Bo|Ann")

        let litres = BillingRouteTests.nitroxLitres(volume: 12, pressure: 200, o2: 32, start: 50)
        let tag = ben.get("/fills/1/tag")
        #expect(tag.status == 200)
        let charge = try #require(tag.body.firstMatch(of: /(?s)<section class="charge no-print".*?<\/section>/)).output
        #expect(
            charge.contains(#"<th scope="row">Oxygen</th><td data-label="Litres" class="number">\#(BillingRouteTests.shown(litres.oxygen)) L</td>"#))
        #expect(
            charge.contains(
                #"<th scope="row">Top-off, Air</th><td data-label="Litres" class="number">\#(BillingRouteTests.shown(litres.topOff)) L</td>"#))
        let oxygen = BillingRouteTests.cents(litres.oxygen * 0.012), air = BillingRouteTests.cents(litres.topOff * 0.001)
        let total = BillingRouteTests.cents(2 + (Double(oxygen) ?? 0) + (Double(air) ?? 0))
        #expect(charge.contains(#"<td data-label="Amount" class="number">\#(oxygen)</td>"#))
        #expect(charge.contains("<strong>\(total) EUR</strong>"), "\(charge)")
        #expect(charge.contains("Bill to: <strong>Bo</strong>"))
        // The printed tag is the tag section alone: the charge is outside it, and not printed.
        let tagSection = try #require(tag.body.firstMatch(of: /(?s)<section class="tag".*?<\/section>/)).output
        #expect(!tagSection.contains("EUR") && !tagSection.contains("Charge"))
    }

    @Test("A start gas the log cannot tell, or a top-off with helium, is shown at its field, and nothing is recorded")
    func fillFormProblems() throws {
        let server = try clubServer()
        let ben = try Browser(server, signingIn: "ben")
        let noGas = ben.post("/fill", Self.nitroxFill + [("from", "50")])
        #expect(noGas.status == 400, "\(noGas.body)")
        #expect(
            noGas.body.contains(#"<p class="problem" id="field-from-gas-problem">cylinder &#39;Club 07&#39; has no current gas in the log</p>"#),
            "\(noGas.body)")
        let helium = ben.post("/fill", Self.nitroxFill + [("top-off", "18/45")])
        #expect(helium.body.contains(#"id="field-top-off-problem">the top-off gas Tx 18/45 holds helium"#), "\(helium.body)")
        #expect(helium.body.contains(#"name="top-off" value="18/45""#))
        // A start above the fill's pressure names the form's own labels.
        let above = ben.post("/fill", Self.nitroxFill + [("from", "250"), ("from-gas", "air")])
        #expect(above.status == 400 && above.body.contains("“Pressure before” 250 bar is above “Pressure” 200 bar"), "\(above.body)")
        #expect(try Self.sqlite(server, "SELECT count(*) FROM fills") == "0")
    }

    @Test("A logbook that prices nothing shows no charge on the tag")
    func noPricesNoCharge() throws {
        let server = try clubServer(prices: false)
        let ben = try Browser(server, signingIn: "ben")
        #expect(ben.post("/fill", Self.nitroxFill + [("from", "50"), ("from-gas", "air")]).status == 303)
        let tag = ben.get("/fills/1/tag")
        #expect(tag.status == 200 && !tag.body.contains(#"class="charge"#) && !tag.body.contains("EUR"))
    }

    @Test("/bills lists each member's balance as the statement has it, escapes names, and prints one member's statement")
    func billsPage() throws {
        let server = try clubServer()
        try server.cli(
            "fill", "Club 07", "--o2", "32", "--pressure", "200", "--from", "50", "--from-gas", "air", "--diver", "Bo", "--at",
            "2026-11-29T10:00Z"
        )
        #expect(server.gaslog("fill", "Club 07", "--o2", "32", "--bill-to", "Eve <b>", "--at", "2026-11-29T11:00Z").status == 0)
        let ada = try Browser(server, signingIn: "ada")
        let page = ada.get("/bills")
        #expect(page.status == 200)
        #expect(page.body.contains(#"<a href="/bills">Bills</a>"#) || page.body.contains(#"<a href="/bills" aria-current="page">Bills</a>"#))
        let statement = try #require(
            try JSONSerialization.jsonObject(with: Data(server.gaslog("bill", "--json").stdout.utf8)) as? [String: Any])
        for member in statement["members"] as? [[String: Any]] ?? [] {
            let balance = member["balance"] as? String ?? "?"
            #expect(page.body.contains(#"<td data-label="Balance" class="number"><strong>\#(balance)</strong></td>"#), "\(member)")
        }
        #expect(page.body.contains("Eve &lt;b&gt;") && !page.body.contains("Eve <b>"))
        #expect(page.body.contains(#"<a href="/bills?member=Bo">Bo</a>"#))

        let one = ada.get("/bills?member=bo&until=2026-12-31")
        #expect(one.status == 200)
        #expect(one.body.components(separatedBy: #"<section class="statement""#).count == 2)
        #expect(one.body.contains("Statement for Bo") && one.body.contains("data-print hidden>Print the statement"))
        let refused = ada.get("/bills?since=whenever")
        #expect(refused.status == 400 && refused.body.contains(#"id="field-since-problem""#), "\(refused.body)")
    }

    @Test("/bills records payments, voids them once, adjusts charges and sets prices, each at its field when it cannot")
    func billsForms() throws {
        let server = try clubServer()
        #expect(server.gaslog("fill", "Club 07", "--o2", "32", "--diver", "Bo", "--at", "2026-11-29T10:00Z").status == 0)
        let ada = try Browser(server, signingIn: "ada")

        let paid = ada.post("/bills/payment", [("member", "Bo"), ("amount", "5"), ("at", "2026-11-30T09:00"), ("back", "/bills?member=Bo")])
        #expect(paid.status == 303 && paid.location?.hasPrefix("/bills?member=Bo&done=Payment%201%20of%205.00%20EUR") == true, "\(paid)")
        #expect(try Self.sqlite(server, "SELECT member, amount_cents, at, recorded_by FROM payments") == "Bo|500|2026-11-30T09:00:00Z|ada")
        let shown = ada.get(try #require(paid.location))
        #expect(shown.body.contains(#"<p class="notice" role="status">Payment 1 of 5.00 EUR by Bo is recorded.</p>"#))
        // Fee 2.00, paid 5.00.
        #expect(shown.body.contains("<strong data-balance>-3.00 EUR</strong>"), "\(shown.body)")

        let tooPrecise = ada.post("/bills/payment", [("member", "Bo"), ("amount", "1.234")])
        #expect(tooPrecise.status == 400)
        // The form sits low on the page: the page's first words say so, and link to it.
        #expect(tooPrecise.body.contains(##"<a href="#payment-form">The problem is shown at the form</a>"##))
        #expect(
            tooPrecise.body.contains(
                #"id="payment-amount" name="amount" value="1.234" aria-describedby="payment-amount-hint payment-amount-problem" aria-invalid="true""#)
        )
        let forged = ada.post("/bills/payment", [("csrf", "0"), ("member", "Bo"), ("amount", "1")], addingToken: false)
        #expect(forged.status == 403)

        #expect(ada.post("/bills/void-payment", [("payment-id", "1"), ("reason", "entered twice")]).status == 303)
        let twice = ada.post("/bills/void-payment", [("payment-id", "1"), ("reason", "again")])
        #expect(twice.status == 409 && twice.body.contains(#"id="void-payment-payment-id-problem">payment 1 is already void"#), "\(twice.body)")
        let unknown = ada.post("/bills/adjustment", [("fill-id", "99"), ("amount", "1"), ("reason", "x")])
        #expect(unknown.status == 404 && unknown.body.contains(#"id="adjustment-fill-id-problem">no fill has id 99"#), "\(unknown.body)")
        #expect(ada.post("/bills/adjustment", [("fill-id", "1"), ("amount", "-0.50"), ("reason", "short fill")]).status == 303)
        #expect(try Self.sqlite(server, "SELECT fill_id, amount_cents, made_by FROM adjustments") == "1|-50|ada")
        #expect(try Self.sqlite(server, "SELECT count(*) FROM payments") == "1")

        // A price from /admin goes back there; a bad one is shown there, at its field.
        let price = ada.post("/bills/price", [("item", "helium"), ("price", "0.035"), ("effective", "2026-01-01"), ("back", "/admin")])
        #expect(price.status == 303 && price.location?.hasPrefix("/admin?done=helium%20costs%200.035%20EUR") == true, "\(price)")
        let bad = ada.post("/bills/price", [("item", "helium"), ("price", "1.0000001"), ("back", "/admin")])
        #expect(bad.status == 400 && bad.body.contains("<title>Admin · gaslog</title>") && bad.body.contains(#"id="price-price-problem""#))
        #expect(try Self.sqlite(server, "SELECT item, price, set_by FROM prices WHERE item = 'helium'") == "helium|35000|ada")
    }

    @Test("Blenders and readers get 403 on /bills and its forms, and no link to it")
    func othersRefused() throws {
        let server = try clubServer()
        for name in ["ben", "rita"] {
            let browser = try Browser(server, signingIn: name)
            #expect(!browser.get("/").body.contains(#"href="/bills""#))
            #expect(browser.get("/bills").status == 403)
            #expect(browser.get("/bills?member=Bo").status == 403)
            for form in ["payment", "void-payment", "adjustment", "price"] {
                #expect(browser.post("/bills/" + form, [("member", "Bo"), ("amount", "5")]).status == 403, "\(name) \(form)")
            }
        }
        #expect(try Self.sqlite(server, "SELECT (SELECT count(*) FROM payments), (SELECT count(*) FROM prices)") == "0|3")
    }
}
