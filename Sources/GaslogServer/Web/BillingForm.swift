import GaslogCore

/// A form that changes the accounts, on `/bills` (the price's on `/admin`
/// too): its fields are the use case's inputs, by the same names, read and
/// checked exactly as the CLI and the API read them.
enum BillingForm: String, CaseIterable {
    case payment
    case voidPayment = "void-payment"
    case adjustment
    case price

    /// One field: the input it sets, its label, hint and control.
    typealias Field = FormField

    /// A form sent back with a problem.
    typealias Failure = FormFailure<BillingForm>

    /// The page's first words when a form was refused, linking to the form:
    /// the forms sit low on their pages.
    static func alert(_ failure: Failure?) -> HTML {
        guard let failure else { return .empty }
        return """
            <div class="error-summary" role="alert"><p><strong>\(failure.form.title): nothing was changed.</strong> \
            <a href="#\(failure.form.rawValue)-form">The problem is shown at the form</a>.</p></div>
            """
    }

    /// Where it posts.
    var path: String { "/bills/" + rawValue }

    /// The prefix of its controls' ids, so that its `amount` is not another form's.
    var idPrefix: String { rawValue + "-" }

    /// Its heading.
    var title: String {
        switch self {
        case .payment: "Record a payment"
        case .voidPayment: "Void a payment"
        case .adjustment: "Adjust a fill's charge"
        case .price: "Set a price"
        }
    }

    /// Its button's words.
    var button: String {
        switch self {
        case .payment: "Record the payment"
        case .voidPayment: "Void the payment"
        case .adjustment: "Add the adjustment"
        case .price: "Set the price"
        }
    }

    /// Its fields, in the form's order.
    var fields: [Field] {
        switch self {
        case .payment:
            [
                Field(name: "member", label: "Member", hint: "Who paid", extra: #" required autocomplete="off""#),
                Field(name: "amount", label: "Amount", hint: "Above 0, such as 25.00", extra: #" inputmode="decimal" required"#),
                Field(name: "at", label: "Paid at", hint: "Now, unless you give a local date and time", type: "datetime-local"),
                Field(name: "reference", label: "Reference", hint: "A receipt number or a transfer's reference"),
            ]
        case .voidPayment:
            [
                Field(name: "payment-id", label: "Payment number", hint: "As the statement shows it", extra: #" inputmode="numeric" required"#),
                Field(name: "reason", label: "Reason", hint: "Why it is void; the payment is kept, and no longer counted", extra: " required"),
            ]
        case .adjustment:
            [
                Field(name: "fill-id", label: "Fill number", hint: "As the statement shows it", extra: #" inputmode="numeric" required"#),
                Field(
                    name: "amount", label: "Amount", hint: "Positive charges more; negative, such as -2.21, takes money off",
                    extra: " required"),
                Field(name: "reason", label: "Reason", hint: "Why the charge is corrected; the charge itself is never edited", extra: " required"),
            ]
        case .price:
            [
                Field(name: "item", label: "Item", type: "select"),
                Field(
                    name: "price", label: "Price", hint: "Per litre at 1 bar (per fill for the fee), up to 6 decimals: 0.012",
                    extra: #" inputmode="decimal" required"#),
                Field(name: "effective", label: "From the date", hint: "Now when empty; fills already charged keep their charges", type: "date"),
            ]
        }
    }

    /// The field at fault when the record the form names is not there or
    /// cannot change again: the payment, the fill.
    var recordField: String? {
        switch self {
        case .payment, .price: nil
        case .voidPayment: "payment-id"
        case .adjustment: "fill-id"
        }
    }

    /// Runs the form's use case on `values` for the session's account; the
    /// notice that says what was done.
    func run(_ values: InputValues, in session: Session, currency: String) throws(LogbookError) -> String {
        switch self {
        case .payment:
            let payment = try AddPayment.run(values, in: session).output.payment
            return "Payment \(payment.id) of \(payment.amount.text) \(currency) by \(payment.member) is recorded."
        case .voidPayment:
            let payment = try VoidPayment.run(values, in: session).output.payment
            return "Payment \(payment.id) of \(payment.amount.text) \(currency) by \(payment.member) is void."
        case .adjustment:
            let adjustment = try AdjustCharge.run(values, in: session).output.adjustment
            return "Adjustment \(adjustment.id) of \(adjustment.amount.text) \(currency) to fill \(adjustment.fillID) is added."
        case .price:
            let price = try SetPrice.run(values, in: session).output.price
            return "\(price.item.rawValue) costs \(price.price.text) \(currency) from \(LocalTime.text(of: price.effective))."
        }
    }

    /// The form, with `values` in its fields, and the problem of `failure` when it is this form's.
    func html(_ context: WebContext, values: [String: String], failure: Failure?, back: String) -> HTML {
        let failure = failure?.form == self ? failure : nil
        func problem(_ field: String) -> String? { failure?.field == field ? failure?.message : nil }
        let controls = fields.map { field -> HTML in
            if field.type == "select" {
                let items = PriceItem.allCases.map { (value: $0.rawValue, text: $0.rawValue) }
                return WebViews.select(field.name, field.label, options: items, selected: values[field.name], idPrefix: idPrefix)
                    + (problem(field.name).map(WebViews.problem) ?? .empty)
            }
            return WebViews.textField(
                field.name, field.label, value: values[field.name], problem: problem(field.name), hint: field.hint, type: field.type,
                extra: field.extra, idPrefix: idPrefix)
        }.joined(separator: "\n")
        let summary = failure?.summary(nothingWas: "changed") ?? .empty
        return """
            <form method="post" action="\(path)" class="panel no-print" id="\(rawValue)-form" novalidate>\(context.tokenField)\
            <input type="hidden" name="back" value="\(back)">
            <h3>\(title)</h3>\(summary)<div class="fields">\(controls)</div>
            <div class="actions"><button type="submit">\(button)</button></div></form>
            """
    }
}
