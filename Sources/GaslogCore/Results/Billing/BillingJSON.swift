import LogbookStore

/// The JSON of gas accounting's records, written once for every result
/// that shows them: amounts as strings with two decimals, times in UTC.
enum BillingJSON {
    /// `{"item", "price", "effective"}`.
    static func price(_ record: PriceRecord) -> JSONValue {
        .object([("item", .string(record.item.rawValue)), ("price", .string(record.price.text)), ("effective", .string(record.effective.iso8601))])
    }

    /// `{"id", "member", "amount", "at", "reference", "void"}`.
    static func payment(_ payment: Payment) -> JSONValue {
        .object([
            ("id", .integer(payment.id)), ("member", .string(payment.member)), ("amount", .string(payment.amount.text)),
            ("at", .string(payment.at.iso8601)), ("reference", .optional(payment.reference)), ("void", .bool(payment.isVoid)),
        ])
    }

    /// A payment as a member's statement lists it, under its member:
    /// `{"id", "at", "amount", "reference", "void"}`.
    static func statementPayment(_ payment: Payment) -> JSONValue {
        .object([
            ("id", .integer(payment.id)), ("at", .string(payment.at.iso8601)), ("amount", .string(payment.amount.text)),
            ("reference", .optional(payment.reference)), ("void", .bool(payment.isVoid)),
        ])
    }

    /// `{"id", "fill_id", "at", "amount", "reason"}`.
    static func adjustment(_ adjustment: Adjustment) -> JSONValue {
        .object([
            ("id", .integer(adjustment.id)), ("fill_id", .integer(adjustment.fillID)), ("at", .string(adjustment.at.iso8601)),
            ("amount", .string(adjustment.amount.text)), ("reason", .string(adjustment.reason)),
        ])
    }

    /// The statement's keys of a charged fill, in its order: litres rounded to whole litres.
    static let fillKeys = ["fill_id", "filled_at", "cylinder", "label", "oxygen_l", "helium_l", "top_off_l", "top_off", "fee", "amount", "void"]

    /// A charged fill's values, in the order of ``fillKeys``.
    static func fillValues(_ fill: BillStatement.ChargedFill) -> [JSONValue] {
        func litres(_ line: Charge.Line?) -> JSONValue { line?.litres.map(JSONValue.integer) ?? .null }
        let charge = fill.charge
        return [
            .integer(fill.fillID), .string(fill.filledAt.iso8601), .string(fill.cylinder), .string(fill.label), litres(charge.oxygen),
            litres(charge.helium), litres(charge.topOff), .optional(fill.topOff), .string(charge.fee.amount.text),
            .string(charge.amount.text), .bool(fill.isVoid),
        ]
    }
}
