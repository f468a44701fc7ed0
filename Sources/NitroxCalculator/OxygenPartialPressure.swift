/// The ppO₂ limit a depth is computed at, in hundredths of a bar.
///
/// 1.4 bar is the usual working limit and 1.6 bar the absolute maximum for
/// decompression gas; gaslog accepts 1.0–1.6 with at most two decimals.
public struct OxygenPartialPressure: Sendable, Hashable, Comparable {
    /// The limits gaslog accepts, in hundredths of a bar: 1.0–1.6 bar.
    public static let centibarRange = 100...160
    /// The tutorial's default limit.
    public static let standard = OxygenPartialPressure(unchecked: 140)
    /// The absolute maximum: deeper than this a gas is not breathable.
    public static let maximum = OxygenPartialPressure(unchecked: 160)

    /// The limit in hundredths of a bar: 140 is 1.4 bar.
    public let centibar: Int

    private init(unchecked centibar: Int) {
        self.centibar = centibar
    }

    /// A limit from hundredths of a bar, if it is within 1.0–1.6 bar.
    public init?(centibar: Int) {
        guard OxygenPartialPressure.centibarRange.contains(centibar) else { return nil }
        self.centibar = centibar
    }

    /// The pressure in bar, exactly.
    public var bar: Rational { Rational(centibar, 100) }

    /// As written in reports, JSON and CSV: `1.4`, `1.45`, `1`.
    public var text: String { Rational.formatScaled(centibar, fractionDigits: 2) }

    /// Orders limits by pressure, lowest first.
    public static func < (lhs: OxygenPartialPressure, rhs: OxygenPartialPressure) -> Bool {
        lhs.centibar < rhs.centibar
    }

    /// Reads `1.4`, `1.45` or `1`; anything outside 1.0–1.6 or with more than
    /// two decimals is refused.
    public init(parsing text: String) throws(CalculatorInputError) {
        guard let bar = Rational.parseDecimal(Substring(text), maximumFractionDigits: 2),
            let value = OxygenPartialPressure(centibar: (bar * Rational(100)).numerator)
        else {
            throw CalculatorInputError(
                "invalid ppO₂ \(quoted(text)): expected a number from 1.0 to 1.6 with at most two decimals")
        }
        self = value
    }
}
