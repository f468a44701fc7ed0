import NitroxCalculator

/// An amount of money in cents of the logbook's currency: a charge, an
/// adjustment, a payment, a balance. Written with two decimals, `"12.34"`.
public struct Money: Sendable, Hashable, Comparable {
    /// The amount in hundredths of the currency; negative for a credit.
    public let cents: Int

    /// An amount of `cents` hundredths.
    public init(cents: Int) {
        self.cents = cents
    }

    /// Nothing.
    public static let zero = Money(cents: 0)

    /// The amount with two decimals: `12.34`, `-2.21`, `0.00`.
    public var text: String {
        let magnitude = cents.magnitude
        let fraction = magnitude % 100
        return (cents < 0 ? "-" : "") + String(magnitude / 100) + "." + (fraction < 10 ? "0" : "") + String(fraction)
    }

    /// Reads an amount: an optional sign and a plain decimal with at most
    /// two decimals, up to a million. `allowsNegative` lets a correction
    /// take money off.
    public init(parsing text: String, allowsNegative: Bool) throws(FieldError) {
        var digits = Substring(text)
        let negative = digits.first == "-"
        if negative || digits.first == "+" { digits = digits.dropFirst() }
        guard let value = Rational.parseDecimal(digits, maximumFractionDigits: 2), value <= Rational(1_000_000) else {
            throw FieldError(.expected(.amount))
        }
        if negative && !allowsNegative { throw FieldError(.expected(.positiveAmount)) }
        let cents = value.scaledRounded(by: 100)
        self.cents = negative ? -cents : cents
    }

    /// The sum.
    public static func + (lhs: Money, rhs: Money) -> Money { Money(cents: lhs.cents + rhs.cents) }
    /// The difference.
    public static func - (lhs: Money, rhs: Money) -> Money { Money(cents: lhs.cents - rhs.cents) }
    /// Whether `lhs` is less.
    public static func < (lhs: Money, rhs: Money) -> Bool { lhs.cents < rhs.cents }
}
