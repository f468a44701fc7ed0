import LogbookStore

/// The JSON of gas accounting's records, declared once for every result
/// that shows them: amounts as strings with two decimals, times in UTC.
enum BillingJSON {
    /// An amount as the results write it: a decimal string with two decimals.
    static let money = JSONSchema.string.matching("^-?[0-9]+\\.[0-9]{2}$").described("A decimal string with two decimals: \"12.34\".")

    /// A payment as a member's statement lists it, under its member:
    /// `{"id", "at", "amount", "reference", "void"}`.
    static let statementPayment = ResultFields<Payment>([
        ResultField("id", .integer(minimum: 1)) { .integer($0.id) },
        ResultField("at", .time) { .string($0.at.iso8601) },
        ResultField("amount", money) { .string($0.amount.text) },
        ResultField("reference", JSONSchema.string.orNull) { .optional($0.reference) },
        ResultField("void", JSONSchema.boolean.described("A void payment is shown, never counted.")) { .bool($0.isVoid) },
    ])

    /// A charged fill as a statement lists it, in its order: litres rounded to whole litres.
    static let fill = ResultFields<BillStatement.ChargedFill>([
        ResultField("fill_id", .integer(minimum: 1)) { .integer($0.fillID) },
        ResultField("filled_at", .time) { .string($0.filledAt.iso8601) },
        ResultField("cylinder", .string) { .string($0.cylinder) },
        ResultField("label", JSONSchema.string.described("The gas as the tag names it.")) { .string($0.label) },
        ResultField("oxygen_l", litres("pure oxygen")) { litres($0.charge.oxygen) },
        ResultField("helium_l", litres("helium")) { litres($0.charge.helium) },
        ResultField("top_off_l", litres("top-off gas")) { litres($0.charge.topOff) },
        ResultField("top_off", JSONSchema.string.orNull.described("The top-off's label: Air, EAN 32.")) { .optional($0.topOff) },
        ResultField("fee", money.described("The fee per fill.")) { .string($0.charge.fee.amount.text) },
        ResultField("amount", money.described("The fill's whole charge, its fee included.")) { .string($0.charge.amount.text) },
        ResultField("void", JSONSchema.boolean.described("A void fill is shown, never counted.")) { .bool($0.isVoid) },
    ])

    /// One member's statement.
    static let member = ResultFields<BillStatement.Member>([
        ResultField("member", JSONSchema.string.orNull.described("The member as first spelled; null for fills with no member.")) {
            .optional($0.name)
        },
        ResultField("fills", .array(of: fill.schema)) { .array($0.fills.map(fill.json(of:))) },
        ResultField("adjustments", .array(of: AdjustmentResult.reference)) { member in
            .array(member.adjustments.map { AdjustmentResult.fields.json(of: AdjustmentResult(adjustment: $0)) })
        },
        ResultField("payments", .array(of: statementPayment.schema)) { .array($0.payments.map(statementPayment.json(of:))) },
        ResultField("charged", money.described("The period's charges of fills not void.")) { .string($0.charged.text) },
        ResultField("adjusted", money.described("The period's adjustments.")) { .string($0.adjusted.text) },
        ResultField("paid", money.described("The period's payments not void.")) { .string($0.paid.text) },
        ResultField(
            "balance", money.described("Everything charged and adjusted, less everything paid, from the start of the log to the period's end.")
        ) { .string($0.balance.text) },
    ])

    /// A fill's gas whose price was not computed.
    static let unpriced = ResultFields<(fillID: Int, reason: UnpricedReason)>([
        ResultField("fill_id", .integer(minimum: 1)) { .integer($0.fillID) },
        ResultField("reason", JSONSchema.string.described("Why the gas was not computed; only the fee was charged.")) {
            .string($0.reason.message)
        },
    ])

    private static func litres(_ gas: String) -> JSONSchema {
        JSONSchema.integer().orNull.described("Litres of \(gas) at 1 bar, whole; null when not computed.")
    }

    private static func litres(_ line: Charge.Line?) -> JSONValue { line?.litres.map(JSONValue.integer) ?? .null }
}
