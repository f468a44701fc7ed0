/// The ppO₂ limit a depth is computed at, in hundredths of a bar.
///
/// 1.4 bar is the usual working limit and 1.6 bar the absolute maximum for
/// decompression gas; gaslog accepts 1.0–1.6 with at most two decimals.
///
/// The range is defined here once; every front end states it through
/// ``minimum``, ``maximum`` and ``rangeText``.
public struct OxygenPartialPressure: Sendable, Hashable, Comparable {
    /// The lowest limit gaslog accepts: 1.0 bar.
    public static let minimum = OxygenPartialPressure(unchecked: 100)
    /// The tutorial's default limit, and the usual one for the working part
    /// of a dive: 1.4 bar.
    public static let standard = OxygenPartialPressure(unchecked: 140)
    /// The absolute maximum: deeper than this a gas is not breathable. It is
    /// also the highest limit gaslog accepts: 1.6 bar.
    public static let maximum = OxygenPartialPressure(unchecked: 160)
    /// The limits gaslog accepts, in hundredths of a bar: 1.0–1.6 bar.
    public static let centibarRange = minimum.centibar...maximum.centibar
    /// The accepted range as messages and help put it: `1.0 to 1.6`.
    public static let rangeText = "\(minimum.textWithDecimal) to \(maximum.textWithDecimal)"

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

    /// As a limit is stated in words, with at least one decimal: `1.0`, `1.4`, `1.45`.
    private var textWithDecimal: String { centibar % 100 == 0 ? text + ".0" : text }

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
                "invalid ppO₂ \(quoted(text)): expected a number from \(OxygenPartialPressure.rangeText) with at most two decimals")
        }
        self = value
    }
}
