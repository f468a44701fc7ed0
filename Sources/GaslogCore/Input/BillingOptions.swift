import LogbookStore
import NitroxCalculator

/// The inputs gas accounting shares, declared once.
public enum BillingOptions {
    /// A member: who pays for a fill, or makes a payment.
    public static func member(_ name: String, help: Wording) -> Option<String> {
        CommonOptions.name(name, value: "name", help: help)
    }

    /// An amount of money; a correction may be negative.
    public static func amount(allowsNegative: Bool, help: Wording) -> RequiredOption<Money> {
        Option<Money>(
            "amount", value: "amount", schema: allowsNegative ? ValueSchemas.signedAmount : ValueSchemas.amount, help: help
        ) { text in
            let amount = try Money(parsing: text, allowsNegative: allowsNegative)
            guard amount != .zero else { throw FieldError("expected an amount other than 0") }
            return amount
        }.required()
    }

    /// The period's start, as `log` reads it.
    public static let since = Option<Timestamp>(
        "since", value: "date",
        help: "Only what happened at or after this date or time (a date alone starts at the first moment of that local day).",
        read: Timestamp.parse)
    /// The period's end, inclusive; balances run from the start of the log to it.
    public static let until = Option<Timestamp>(
        "until", value: "date",
        help: "Only what happened up to this date (the whole local day) or time, inclusive; the balance runs to it.",
        read: FillQuery.end(until:))
}

extension PriceItem: OptionValue {
    /// Reads a value from its text; a thrown error says why it is not one.
    public static func parse(_ text: String) throws -> PriceItem {
        guard let item = PriceItem(rawValue: text.lowercased()) else { throw ChoiceError(text: text, choices: choices) }
        return item
    }
    /// The placeholder in help and usage.
    public static var placeholder: String { "item" }
    /// Every value accepted, regardless of case.
    public static var choices: [String] { allCases.map(\.rawValue) }
}

extension UnitPrice: OptionValue {
    /// Reads a value from its text; a thrown error says why it is not one.
    public static func parse(_ text: String) throws -> UnitPrice { try UnitPrice(parsing: text) }
    /// The placeholder in help and usage.
    public static var placeholder: String { "price" }
    /// A price, as ``parse(_:)`` reads it.
    public static var schema: JSONSchema { ValueSchemas.price }
}

extension ValueSchemas {
    /// A price: 0 to 10000 with at most six decimals.
    public static var price: JSONSchema {
        JSONSchema.of(.string, .number).bounded("0", "10000")
            .matching("^(?:(?:[0-9]{1,4})(?:\\.[0-9]{0,6})?|\\.[0-9]{1,6}|10000(?:\\.0{0,6})?)$")
            .described("A price per litre at 1 bar (per fill for fill-fee): 0 to 10000 with at most six decimals.")
            .examples(.string("0.012"), .number("5.5"))
    }

    /// An amount above 0, up to 1000000 with at most two decimals.
    public static var amount: JSONSchema {
        JSONSchema.of(.string, .number).bounded("0.01", "1000000")
            .matching("^\\+?(?:[0-9]{1,6}(?:\\.[0-9]{0,2})?|\\.[0-9]{1,2}|1000000(?:\\.0{0,2})?)$")
            .described("An amount above 0, up to 1000000 with at most two decimals.")
            .examples(.string("12.50"), .integer(20))
    }

    /// An amount other than 0, from −1000000 to 1000000 with at most two decimals.
    public static var signedAmount: JSONSchema {
        JSONSchema.of(.string, .number).bounded("-1000000", "1000000")
            .matching("^[+-]?(?:[0-9]{1,6}(?:\\.[0-9]{0,2})?|\\.[0-9]{1,2}|1000000(?:\\.0{0,2})?)$")
            .described("An amount other than 0, negative to take money off: −1000000 to 1000000 with at most two decimals.")
            .examples(.string("-2.21"), .string("5.00"))
    }
}
