import GaslogCore

/// One member's statement, as `/bills` shows it and prints it on A4: the
/// period's fills with their litres and amounts, the adjustments and
/// payments, the period's totals and the balance to the period's end.
enum StatementView {
    static func html(_ member: BillStatement.Member, index: Int, period: String, currency: String, context: WebContext) -> HTML {
        let heading = "statement-\(index)"
        let name = member.name ?? "no member"
        let fills = member.fills.map { fill -> HTML in
            func litres(_ line: Charge.Line?) -> String { line?.litres.map { "\($0) L" } ?? "—" }
            let void: HTML = fill.isVoid ? WebViews.mark("void", "Void, not counted") : .empty
            return """
                <tr\(fill.isVoid ? HTML(#" class="void""#) : .empty)><td data-label="Fill"><a class="unbroken" href="/fills/\(fill.fillID)/tag">#\(fill.fillID)</a></td>\
                <td data-label="Filled" class="unbroken">\(WebViews.time(fill.filledAt))</td><td data-label="Cylinder">\(fill.cylinder)</td>\
                <td data-label="Gas"><strong class="unbroken">\(fill.label)</strong></td>\
                <td data-label="O₂" class="number">\(litres(fill.charge.oxygen))</td><td data-label="Helium" class="number">\(litres(fill.charge.helium))</td>\
                <td data-label="Top-off" class="number">\(litres(fill.charge.topOff))\(fill.topOff.map { " " + $0 } ?? "")</td>\
                <td data-label="Fee" class="number">\(fill.charge.fee.amount.text)</td>\
                <td data-label="Amount" class="number">\(fill.charge.amount.text) \(void)</td></tr>
                """
        }.joined(separator: "\n")
        let adjustments = member.adjustments.map { adjustment -> HTML in
            """
            <tr><td data-label="Adjustment">\(adjustment.id)</td><td data-label="At" class="unbroken">\(WebViews.time(adjustment.at))</td>\
            <td data-label="Fill"><a class="unbroken" href="/fills/\(adjustment.fillID)/tag">#\(adjustment.fillID)</a></td>\
            <td data-label="Amount" class="number">\(adjustment.amount.text)</td><td data-label="Reason">\(adjustment.reason)</td></tr>
            """
        }.joined(separator: "\n")
        let payments = member.payments.map { payment -> HTML in
            let state: HTML = payment.voidReason.map { WebViews.mark("void", "Void: " + $0) } ?? "—"
            return """
                <tr\(payment.isVoid ? HTML(#" class="void""#) : .empty)><td data-label="Payment">\(payment.id)</td>\
                <td data-label="At" class="unbroken">\(WebViews.time(payment.at))</td><td data-label="Amount" class="number">\(payment.amount.text)</td>\
                <td data-label="Reference">\(payment.reference ?? "—")</td><td data-label="State">\(state)</td></tr>
                """
        }.joined(separator: "\n")
        let fillsTable: HTML =
            member.fills.isEmpty
            ? "<p>No fills in the period.</p>"
            : """
            <table class="cards"><caption>Fills</caption><thead><tr><th scope="col">Fill</th><th scope="col">Filled</th><th scope="col">Cylinder</th>\
            <th scope="col">Gas</th><th scope="col" class="number">O₂</th><th scope="col" class="number">Helium</th>\
            <th scope="col" class="number">Top-off</th><th scope="col" class="number">Fee</th><th scope="col" class="number">Amount</th></tr></thead>\
            <tbody>\(fills)</tbody></table>
            """
        let adjustmentsTable: HTML =
            member.adjustments.isEmpty
            ? .empty
            : """
            <table class="cards"><caption>Adjustments</caption><thead><tr><th scope="col">Adjustment</th><th scope="col">At</th><th scope="col">Fill</th>\
            <th scope="col" class="number">Amount</th><th scope="col">Reason</th></tr></thead><tbody>\(adjustments)</tbody></table>
            """
        let paymentsTable: HTML =
            member.payments.isEmpty
            ? .empty
            : """
            <table class="cards"><caption>Payments</caption><thead><tr><th scope="col">Payment</th><th scope="col">At</th>\
            <th scope="col" class="number">Amount</th><th scope="col">Reference</th><th scope="col">State</th></tr></thead><tbody>\(payments)</tbody></table>
            """
        let link: HTML =
            member.name.map { name -> HTML in
                var query = [("member", name)]
                for key in ["since", "until"] { if let value = context.value(key) { query.append((key, value)) } }
                return #"<a class="button secondary" href="/bills\#(HTML.query(query))">Only \#(name)'s statement</a>"#
            } ?? .empty
        let actions: HTML =
            context.value("member") == nil
            ? #"<div class="actions no-print">\#(link)</div>"#
            : #"<div class="actions no-print"><button type="button" data-print hidden>Print the statement</button></div>"#
        return """
            <section class="statement" aria-labelledby="\(heading)"><h2 id="\(heading)">Statement for \(name)</h2>
            <p class="period">\(period), in \(currency)</p>
            <p class="balance">Balance <strong data-balance>\(member.balance.text) \(currency)</strong> \
            <span class="light">charged and adjusted, less paid, from the start of the log</span></p>
            \(fillsTable)\(adjustmentsTable)\(paymentsTable)
            <dl class="facts totals"><dt>Charged</dt><dd>\(member.charged.text)</dd><dt>Adjusted</dt><dd>\(member.adjusted.text)</dd>\
            <dt>Paid</dt><dd>\(member.paid.text)</dd><dt>Balance</dt><dd><strong>\(member.balance.text) \(currency)</strong></dd></dl>
            \(actions)</section>
            """
    }
}
