import NitroxCalculator

/// A price per litre at 1 bar (per fill for the fee), in millionths of the
/// currency: a decimal with at most six decimals.
public struct UnitPrice: Sendable, Hashable {
    /// The price in millionths of the currency.
    public let micros: Int

    /// A price of `micros` millionths.
    public init(micros: Int) {
        self.micros = micros
    }

    /// The largest price accepted: 10,000 a litre or a fill.
    static let maximum = Rational(10_000)

    /// Reads a price: a plain, unsigned decimal with at most six decimals.
    public init(parsing text: String) throws(FieldError) {
        guard let value = Rational.parseDecimal(Substring(text), maximumFractionDigits: 6), !(UnitPrice.maximum < value) else {
            throw FieldError(.expected(.price))
        }
        micros = value.scaledRounded(by: 1_000_000)
    }

    /// The price in plain decimal, as many decimals as it needs and at least two: `0.012`, `5.00`.
    public var text: String {
        let plain = Rational(micros, 1_000_000).decimalString(maximumFractionDigits: 6)
        guard let point = plain.firstIndex(of: ".") else { return plain + ".00" }
        return plain.distance(from: point, to: plain.endIndex) == 2 ? plain + "0" : plain
    }

    /// What `litres` cost at this price, to the cent, a half away from zero.
    public func amount(for litres: Rational) -> Money {
        Money(cents: litres.scaledRounded(by: micros, over: 10_000))
    }
}
