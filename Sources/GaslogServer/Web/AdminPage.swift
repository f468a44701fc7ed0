import Credentials
import GaslogCore

/// Accounts and their roles, API tokens, and the logbook's settings, for admins.
enum AdminPage {
    /// The page; with `failure`, the price form sent back with its problem.
    static func render(_ context: WebContext, notice: HTML? = nil, status: Int = 200, failure: BillingForm.Failure? = nil) throws(WebError)
        -> HTTPResponse
    {
        try context.require(.admin)
        let prices = try context.run(ListPrices.self, InputValues([:])).output.prices
        let accounts = try context.run(ListAccounts()).accounts.filter { !$0.isRemoved }
        let tokens = try context.run(ListTokens()).tokens.filter { !$0.isRevoked }
        let roleOptions = Role.allCases.map { (value: $0.rawValue, text: $0.rawValue) }
        let accountRows = accounts.map { account -> HTML in
            let id = "role-" + AdminPage.identifier(account.name)
            let options = Role.allCases.map { role -> HTML in
                #"<option value="\#(role.rawValue)"\#(role == account.role ? " selected" : "")>\#(role.rawValue)</option>"#
            }.joined()
            return """
                <tr><td data-label="Account">\(account.name)</td><td data-label="Role">\
                <form method="post" action="/admin/role" class="inline">\(context.tokenField)<input type="hidden" name="name" value="\(account.name)">\
                <select id="\(id)" name="role" aria-label="Role of \(account.name)">\(options)</select>\
                <button type="submit" class="secondary">Set role</button></form></td>\
                <td data-label="Remove"><form method="post" action="/admin/remove" class="inline">\(context.tokenField)\
                <input type="hidden" name="name" value="\(account.name)"><button type="submit" class="danger">Remove \(account.name)</button></form></td></tr>
                """
        }.joined(separator: "\n")
        let tokenRows = tokens.map { token -> HTML in
            """
            <tr><td data-label="Id">\(token.id)</td><td data-label="Account">\(token.account)</td><td data-label="Label">\(token.label)</td>\
            <td data-label="Created">\(WebViews.time(token.createdAt))</td><td data-label="Revoke"><form method="post" action="/admin/revoke" class="inline">\(context.tokenField)\
            <input type="hidden" name="id" value="\(token.id)"><button type="submit" class="danger">Revoke token \(token.id)</button></form></td></tr>
            """
        }.joined(separator: "\n")
        let settingRows = Setting.allCases.map { setting -> HTML in
            let value = context.settings.value(setting)
            let options = setting.choices.map { choice -> HTML in #"<option\#(choice == value ? " selected" : "")>\#(choice)</option>"# }
            let input: HTML =
                setting.choices.isEmpty
                ? #"<input type="text" id="setting-\#(setting.key)" name="value" value="\#(value)">"#
                : #"<select id="setting-\#(setting.key)" name="value">\#(options.joined())</select>"#
            return """
                <tr><td data-label="Setting"><label for="setting-\(setting.key)">\(setting.key)</label><br><span class="hint">\(setting.help)</span></td>\
                <td data-label="Value"><form method="post" action="/admin/setting" class="inline">\(context.tokenField)\
                <input type="hidden" name="key" value="\(setting.key)">\(input)<button type="submit" class="secondary">Save</button></form></td></tr>
                """
        }.joined(separator: "\n")
        let priceRows = prices.map { price -> HTML in
            """
            <tr><td data-label="Item">\(price.item.rawValue)</td><td data-label="Price" class="number">\(price.price.text)</td>\
            <td data-label="From">\(WebViews.time(price.effective))</td><td data-label="Set by">\(price.setBy ?? "—")</td></tr>
            """
        }.joined(separator: "\n")
        let priceTable: HTML =
            prices.isEmpty
            ? "<p>No prices are set: fills are charged nothing.</p>"
            : """
            <table class="cards"><thead><tr><th scope="col">Item</th><th scope="col" class="number">Price (\(context.settings.currency))</th>\
            <th scope="col">From</th><th scope="col">Set by</th></tr></thead><tbody>\(priceRows)</tbody></table>
            """
        let priceForm = BillingForm.price.html(context, values: failure?.values ?? [:], failure: failure, back: "/admin")
        let accountOptions = accounts.map { (value: $0.name, text: $0.name) }
        let done = context.value("done").map { text -> HTML in #"<p class="notice" role="status">\#(text)</p>"# }
        let body: HTML = """
            \(BillingForm.alert(failure))\(notice ?? done ?? .empty)
            <section aria-labelledby="accounts-heading"><h2 id="accounts-heading">Accounts</h2>
            <table class="cards"><thead><tr><th scope="col">Account</th><th scope="col">Role</th><th scope="col">Remove</th></tr></thead><tbody>\(accountRows)</tbody></table>
            <form method="post" action="/admin/add" class="panel">\(context.tokenField)<h3>Add an account</h3><div class="fields">
            \(WebViews.textField("name", "Name", value: nil, extra: #" required autocomplete="off""#))
            \(WebViews.select("role", "Role", options: roleOptions, selected: "blender"))
            \(WebViews.textField("password", "Password", value: nil, type: "password", extra: #" required autocomplete="new-password""#))
            </div><div class="actions"><button type="submit">Add the account</button></div></form></section>
            <section aria-labelledby="tokens-heading"><h2 id="tokens-heading">API tokens</h2>
            \(tokens.isEmpty ? HTML("<p>No tokens in force.</p>") : """
            <table class="cards"><thead><tr><th scope="col">Id</th><th scope="col">Account</th><th scope="col">Label</th><th scope="col">Created</th>\
            <th scope="col">Revoke</th></tr></thead><tbody>\(tokenRows)</tbody></table>
            """)
            <form method="post" action="/admin/token" class="panel">\(context.tokenField)<h3>Create a token</h3><div class="fields">
            \(WebViews.select("account", "For the account", options: accountOptions, selected: nil))
            \(WebViews.textField("label", "Label", value: nil, hint: "Where it is used, such as “compressor tablet”", extra: " required"))
            </div><div class="actions"><button type="submit">Create the token</button></div></form></section>
            <section aria-labelledby="settings-heading"><h2 id="settings-heading">Settings</h2>
            <table class="cards"><thead><tr><th scope="col">Setting</th><th scope="col">Value</th></tr></thead><tbody>\(settingRows)</tbody></table></section>
            <section aria-labelledby="prices-heading"><h2 id="prices-heading">Prices</h2>
            <p>Each price applies from its date on; a fill is charged at the prices in force when it was filled. <a href="/bills">Bills</a></p>
            \(priceTable)\(priceForm)</section>
            """
        return WebPage.render(context, title: "Admin", body: body, status: failure?.status ?? status)
    }

    static func change(_ context: WebContext, action: String) throws(WebError) -> HTTPResponse {
        try context.require(.admin)
        func accountName() throws(WebError) -> AccountName {
            do throws(FieldError) {
                return try AccountName(parsing: context.form["name"] ?? "")
            } catch {
                throw .badInput("The account's name: \(error.message)")
            }
        }
        func role() throws(WebError) -> Role {
            guard let role = context.field("role").flatMap(Role.init(rawValue:)) else { throw .badInput("Choose reader, blender or admin.") }
            return role
        }
        var notice = ""
        switch action {
        case "add":
            let name = try accountName()
            let role = try role()
            let hash: String
            do throws(CredentialError) {
                let password = context.form["password"] ?? ""
                try PasswordStrength.check(password, accountName: name.text)
                hash = try PasswordHash.make(password)
            } catch {
                throw .badInput("The password: \(error.description).")
            }
            _ = try context.run(AddAccount(name: name, role: role, passwordHash: hash))
            notice = "The account \(name.text) is added as \(role.rawValue)."
        case "role":
            let name = try accountName()
            let role = try role()
            _ = try context.run(SetRole(name: name, role: role))
            notice = "\(name.text) is now \(role.rawValue)."
        case "remove":
            let name = try accountName()
            // One tap asks first: the removal happens only from the confirmation's own form.
            guard context.form["confirm"] == "yes" else { return confirmRemoval(name, context: context) }
            _ = try context.run(RemoveAccount(name: name))
            notice = "The account \(name.text) is removed; its sessions and tokens no longer work."
        case "token":
            let name = try AdminPage.parsedName(context.field("account"))
            guard let label = context.field("label") else { throw .badInput("Give the token a label.") }
            let created = try context.run(CreateToken(account: name, label: label))
            let (record, token) = (created.record, created.token)
            // The token is shown once, in this answer only; the logbook keeps its hash.
            let shown: HTML = """
                <div class="notice" role="status"><p>Token \(record.id) for \(record.account). Copy it now: it is not shown again.</p>
                <p><code>\(token)</code></p></div>
                """
            return try render(context, notice: shown)
        case "revoke":
            guard let id = context.field("id").flatMap(Int.init) else { throw .badInput("Which token?") }
            _ = try context.run(RevokeToken(id: id))
            notice = "Token \(id) is revoked."
        case "setting":
            guard let setting = context.field("key").flatMap(Setting.init(rawValue:)) else { throw .badInput("There is no such setting.") }
            let value = try context.run(ChangeSetting(setting: setting, text: context.form["value"] ?? "")).value
            notice = "\(setting.key) is now \(value)."
        default:
            throw .notFound("There is no such change: \(action).")
        }
        return WebPage.redirect("/admin?done=" + APIRoutes.pathSegment(notice))
    }

    /// The page that asks before an account is removed, with the form that does it.
    private static func confirmRemoval(_ name: AccountName, context: WebContext) -> HTTPResponse {
        let body: HTML = """
            <p class="problem" role="alert">Remove the account \(name.text)? Its sessions and API tokens end at once. \
            Its fills keep its name.</p>
            <form method="post" action="/admin/remove" class="panel">\(context.tokenField)\
            <input type="hidden" name="name" value="\(name.text)"><input type="hidden" name="confirm" value="yes">
            <div class="actions"><button type="submit" class="danger">Yes, remove \(name.text)</button>
            <a class="button secondary" href="/admin">No, keep it</a></div></form>
            """
        return WebPage.render(context, title: "Remove \(name.text)?", body: body)
    }

    private static func parsedName(_ text: String?) throws(WebError) -> AccountName {
        do throws(FieldError) {
            return try AccountName(parsing: text ?? "")
        } catch {
            throw .badInput("The account's name: \(error.message)")
        }
    }

    /// `name` as a part of an element's id: its UTF-8 bytes, each letter or
    /// digit of ASCII and `-._~` as itself, any other as `_` and two hex
    /// digits, so that every account's select has an id of its own.
    static func identifier(_ name: String) -> String {
        let kept = Set("-._~".utf8)
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        for byte in name.utf8 {
            let isLetterOrDigit = (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
            if isLetterOrDigit || kept.contains(byte) {
                bytes.append(byte)
            } else {
                bytes += [UInt8(ascii: "_"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
