import GaslogCore

// The schemas of gas accounting's results, declared for their types.

/// Pieces the billing schemas share.
enum BillingSchemas {
    /// An amount as the results write it: a decimal string with two decimals.
    static let money = JSONSchema.string.matching("^-?[0-9]+\\.[0-9]{2}$").described("A decimal string with two decimals: \"12.34\".")

    /// A moment as the results write it.
    static let time = JSONSchema.string.described("UTC, ISO 8601.")

    /// A fill as a statement lists it.
    static var billedFill: JSONSchema {
        let litres = { (gas: String) in JSONSchema.integer().orNull.described("Litres of \(gas) at 1 bar, whole; null when not computed.") }
        let properties: [(name: String, schema: JSONSchema)] = [
            ("fill_id", .integer(minimum: 1)), ("filled_at", time), ("cylinder", .string),
            ("label", JSONSchema.string.described("The gas as the tag names it.")), ("oxygen_l", litres("pure oxygen")),
            ("helium_l", litres("helium")), ("top_off_l", litres("top-off gas")),
            ("top_off", JSONSchema.string.orNull.described("The top-off's label: Air, EAN 32.")),
            ("fee", money.described("The fee per fill.")), ("amount", money.described("The fill's whole charge, its fee included.")),
            ("void", JSONSchema.boolean.described("A void fill is shown, never counted.")),
        ]
        return .object(properties, required: properties.map(\.name))
    }

    /// A payment as a statement lists it, under its member.
    static var statementPayment: JSONSchema {
        let properties: [(name: String, schema: JSONSchema)] = [
            ("id", .integer(minimum: 1)), ("at", time), ("amount", money), ("reference", JSONSchema.string.orNull),
            ("void", JSONSchema.boolean.described("A void payment is shown, never counted.")),
        ]
        return .object(properties, required: properties.map(\.name))
    }

    /// One member's statement.
    static var member: JSONSchema {
        let properties: [(name: String, schema: JSONSchema)] = [
            ("member", JSONSchema.string.orNull.described("The member as first spelled; null for fills with no member.")),
            ("fills", .array(of: billedFill)), ("adjustments", .array(of: AdjustmentResult.reference)),
            ("payments", .array(of: statementPayment)), ("charged", money.described("The period's charges of fills not void.")),
            ("adjusted", money.described("The period's adjustments.")), ("paid", money.described("The period's payments not void.")),
            ("balance", money.described("Everything charged and adjusted, less everything paid, from the start of the log to the period's end.")),
        ]
        return .object(properties, required: properties.map(\.name))
    }
}

extension BillResult: DocumentedResult {
    static let schemaName = "Bill"
    static var schema: JSONSchema {
        let unpriced = JSONSchema.object(
            [("fill_id", .integer(minimum: 1)), ("reason", JSONSchema.string.described("Why the gas was not computed; only the fee was charged."))],
            required: ["fill_id", "reason"])
        let properties: [(name: String, schema: JSONSchema)] = [
            ("currency", JSONSchema.string.described("The ISO 4217 code of every amount.")),
            ("since", JSONSchema.string.orNull.described("The period's start as given.")),
            ("until", JSONSchema.string.orNull.described("The period's end as given.")), ("members", .array(of: BillingSchemas.member)),
            ("unpriced", JSONSchema.array(of: unpriced).described("The period's fills whose gas was not priced, when any gas has a price.")),
        ]
        return JSONSchema.object(properties, required: properties.map(\.name)).described("Each member's statement for a period.")
    }
}

extension PriceResult: DocumentedResult {
    static let schemaName = "Price"
    static var schema: JSONSchema {
        JSONSchema.object(
            [
                ("item", .enumeration(PriceItem.allCases.map(\.rawValue))),
                ("price", JSONSchema.string.described("Per litre at 1 bar (per fill for fill-fee), with at least two decimals: \"0.012\".")),
                ("effective", BillingSchemas.time.described("UTC, ISO 8601: the first instant the price applies.")),
            ], required: ["item", "price", "effective"]
        ).described("A price, from the time it takes effect.")
    }
}

extension PriceListResult: DocumentedResult {
    static let schemaName = "PriceList"
    static var schema: JSONSchema {
        JSONSchema.array(of: PriceResult.reference).described("Every price set, by item, then in the order they take effect.")
    }
}

extension PaymentResult: DocumentedResult {
    static let schemaName = "Payment"
    static var schema: JSONSchema {
        JSONSchema.object(
            [
                ("id", .integer(minimum: 1)), ("member", .string), ("amount", BillingSchemas.money), ("at", BillingSchemas.time),
                ("reference", JSONSchema.string.orNull), ("void", .boolean),
            ], required: ["id", "member", "amount", "at", "reference", "void"]
        ).described("A payment by a member; a void one is kept, and not counted.")
    }
}

extension AdjustmentResult: DocumentedResult {
    static let schemaName = "Adjustment"
    static var schema: JSONSchema {
        JSONSchema.object(
            [
                ("id", .integer(minimum: 1)), ("fill_id", .integer(minimum: 1)), ("at", BillingSchemas.time),
                ("amount", BillingSchemas.money.described("Positive charges more, negative takes off.")), ("reason", .string),
            ], required: ["id", "fill_id", "at", "amount", "reason"]
        ).described("A correction to a fill's charge, for the fill's member.")
    }
}
