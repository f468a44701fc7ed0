import GaslogCore

/// The treasurer's page, for admins: the period's members with their
/// balances, each member's printable statement, and the forms that record
/// payments, void them, adjust a fill's charge and set prices. The
/// statement is the core's `ShowBill`, read from the query exactly as
/// `bill` reads its options.
enum BillsPage {
    /// The period and member filters, as the query names them and `bill` takes them.
    static let filters: [(name: String, label: String, hint: String?)] = [
        ("since", "Since", "YYYY-MM-DD or a date and time"), ("until", "Until", "YYYY-MM-DD; the balance runs to it"),
        ("member", "Member", "Only this member's statement, to print"),
    ]

    static func render(_ context: WebContext, failure: BillingForm.Failure? = nil) throws(WebError) -> HTTPResponse {
        try context.require(.admin)
        var values: [String: InputValues.Value] = [:]
        for filter in filters {
            if let value = context.value(filter.name) { values[filter.name] = .text(value) }
        }
        let bill: BillResult
        do throws(WebError) {
            bill = try context.run(ShowBill.self, InputValues(values)).output
        } catch {
            // A filter the statement cannot take is the form's problem, shown at its field.
            guard error.status == 400 else { throw error }
            return page(context, bill: nil, refusal: error, failure: failure)
        }
        return page(context, bill: bill, refusal: nil, failure: failure)
    }

    /// Runs one of the page's forms; back to where it was sent from with a
    /// notice, or the page again with the problem at its field.
    static func change(_ context: WebContext, form: BillingForm) throws(WebError) -> HTTPResponse {
        try context.require(.admin)
        var sent: [String: String] = [:]
        var input: [String: InputValues.Value] = [:]
        for field in form.fields {
            guard let value = context.field(field.name) else { continue }
            sent[field.name] = value
            input[field.name] = .text(value)
        }
        let back = SitePath.target(context.field("back") ?? "/bills")
        let session = Session(actor: context.account, logbook: context.logbook)
        let notice: String
        do throws(LogbookError) {
            notice = try form.run(InputValues(input), in: session, currency: context.settings.currency)
        } catch {
            let failure = try failure(error, form: form, values: sent)
            return back.hasPrefix("/admin") ? try AdminPage.render(context, failure: failure) : try render(context, failure: failure)
        }
        let separator = back.contains("?") ? "&" : "?"
        return WebPage.redirect(back + separator + "done=" + APIRoutes.pathSegment(notice))
    }

    /// The logbook's refusal of a form, placed at the field it is about;
    /// one answer per category, as the error pages have.
    static func failure(_ error: LogbookError, form: BillingForm, values: [String: String]) throws(WebError) -> BillingForm.Failure {
        let names = form.fields.map(\.name)
        switch error.category {
        case .invalid(let field):
            let placed = field.flatMap { names.contains($0) ? $0 : nil }
            return BillingForm.Failure(form: form, values: values, field: placed, message: WebForms.message(for: error), status: 400)
        case .notFound:
            return BillingForm.Failure(form: form, values: values, field: form.recordField, message: error.message, status: 404)
        case .conflict:
            return BillingForm.Failure(form: form, values: values, field: form.recordField, message: error.message, status: 409)
        case .refused:
            return BillingForm.Failure(form: form, values: values, field: nil, message: error.message, status: 422)
        case .busy, .unusable, .storageFull, .unreadableInput, .cannotCreate, .internalFailure:
            throw WebError(error)
        }
    }

    /// The filters, the members' balances, their statements and the forms;
    /// or, when a filter was refused, the filters with the problem.
    private static func page(_ context: WebContext, bill: BillResult?, refusal: WebError?, failure: BillingForm.Failure?) -> HTTPResponse {
        let field = refusal?.field.flatMap { name in filters.contains { $0.name == name } ? name : nil }
        let fields = filters.map { filter in
            WebViews.textField(
                filter.name, filter.label, value: context.value(filter.name), problem: field == filter.name ? refusal?.message : nil,
                hint: filter.hint)
        }.joined(separator: "\n")
        let refused: HTML =
            switch (refusal, field) {
            case (nil, _): .empty
            case (.some, .some):
                #"<div class="error-summary" role="alert"><p><strong>No statement is shown: a filter cannot be used.</strong> The problem is shown next to its field.</p></div>"#
            case (.some(let refusal), nil):
                #"<div class="error-summary" role="alert"><p><strong>No statement is shown.</strong></p><p class="problem">\#(refusal.message)</p></div>"#
            }
        let done = context.value("done").map { text -> HTML in #"<p class="notice" role="status">\#(text)</p>"# } ?? .empty
        let filterForm: HTML = """
            \(refused)<form method="get" action="/bills" class="panel no-print"><div class="fields">\(fields)</div>
            <div class="actions"><button type="submit">Show</button><a class="button secondary" href="/bills">Every member, the whole log</a></div></form>
            """
        var body = BillingForm.alert(failure) + done + filterForm
        let statements: HTML =
            bill.map { bill in
                let period = periodText(bill)
                let members = bill.statement.members.enumerated().map { index, member in
                    StatementView.html(member, index: index + 1, period: period, currency: bill.currency, context: context)
                }
                return members.isEmpty ? .empty : #"<div class="statements">\#(members.joined(separator: "\n"))</div>"#
            } ?? .empty
        let member = context.value("member")
        // One member's statement, to print, comes first; the whole club's
        // balances come first, and the statements last, so that the
        // treasurer's forms stay near the balances they change.
        if let bill {
            let nothing: HTML = "<p>Nothing charged, adjusted or paid for \(member ?? "") in the period.</p>"
            body += member == nil ? summary(bill, context: context) + unpriced(bill) : (statements == .empty ? nothing : statements) + unpriced(bill)
        }
        let back = context.request.rawPath + HTML.query(filters.compactMap { filter in context.value(filter.name).map { (filter.name, $0) } })
        let forms = BillingForm.allCases.map { form -> HTML in
            let values = failure?.form == form ? failure?.values ?? [:] : form == .payment ? ["member": member ?? ""] : [:]
            return form.html(context, values: values, failure: failure, back: back)
        }.joined(separator: "\n")
        body +=
            #"<section class="no-print" aria-labelledby="changes-heading"><h2 id="changes-heading">Payments, corrections and prices</h2><div class="forms">\#(forms)</div></section>"#
        if member == nil { body += statements }
        return WebPage.render(context, title: "Bills", body: body, status: failure?.status ?? refusal?.status ?? 200)
    }

    /// "2026-11-01 to 2026-11-30", as the statement's text says the period.
    static func periodText(_ bill: BillResult) -> String {
        switch (bill.since, bill.until) {
        case (nil, nil): "The whole log"
        case (let since?, nil): "From \(since)"
        case (nil, let until?): "Up to \(until)"
        case (let since?, let until?): "\(since) to \(until)"
        }
    }

    /// Each member's totals and balance, with a link to the statement alone, to print.
    private static func summary(_ bill: BillResult, context: WebContext) -> HTML {
        guard !bill.statement.members.isEmpty else { return "<p>Nothing charged, adjusted or paid in the period.</p>" }
        let rows = bill.statement.members.map { member -> HTML in
            let name: HTML =
                member.name.map { name -> HTML in
                    var query = [("member", name)]
                    for key in ["since", "until"] { if let value = context.value(key) { query.append((key, value)) } }
                    return #"<a href="/bills\#(HTML.query(query))">\#(name)</a>"#
                } ?? "no member"
            return """
                <tr><th scope="row">\(name)</th><td data-label="Charged" class="number">\(member.charged.text)</td>\
                <td data-label="Adjusted" class="number">\(member.adjusted.text)</td><td data-label="Paid" class="number">\(member.paid.text)</td>\
                <td data-label="Balance" class="number"><strong>\(member.balance.text)</strong></td></tr>
                """
        }.joined(separator: "\n")
        return """
            <section class="no-print" aria-labelledby="members-heading"><h2 id="members-heading">Members</h2>
            <p>\(periodText(bill)), in \(bill.currency). The balance is everything charged and adjusted, less everything paid, from the start of the log to the period's end.</p>
            <table class="cards balances"><thead><tr><th scope="col">Member</th><th scope="col" class="number">Charged</th>\
            <th scope="col" class="number">Adjusted</th><th scope="col" class="number">Paid</th><th scope="col" class="number">Balance</th></tr></thead>\
            <tbody>\(rows)</tbody></table></section>
            """
    }

    /// The period's fills whose gas was not priced, with why.
    private static func unpriced(_ bill: BillResult) -> HTML {
        guard !bill.statement.unpriced.isEmpty else { return .empty }
        let items = bill.statement.unpriced.map { fillID, reason -> HTML in
            #"<li><a href="/fills/\#(fillID)/tag">Fill #\#(fillID)</a>: \#(reason.message)</li>"#
        }.joined()
        return """
            <section class="no-print" aria-labelledby="unpriced-heading"><h2 id="unpriced-heading">Fills whose gas was not priced</h2>
            <p>Only their fee was charged.</p><ul>\(items)</ul></section>
            """
    }
}
