/// An exact fraction of two integers, always kept in lowest terms with a
/// positive denominator.
///
/// Every depth and mix in gaslog is computed with this type, because binary
/// floating point cannot represent 1.4 or 0.32 and would let a rounding error
/// decide a safety-critical result: `(1.4 / 0.4 - 1) * 10 * 3.3` is exactly
/// 82.5, but `Double` says 82.49999999999999.
///
/// Operands in gaslog are small (percentages, pressures, depths), so the
/// products stay far below `Int.max`; an overflow would still trap rather than
/// give a wrong answer.
public struct Rational: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The numerator, which carries the sign.
    public let numerator: Int
    /// The denominator, always positive.
    public let denominator: Int

    /// The fraction `numerator / denominator` in lowest terms; a zero denominator traps.
    public init(_ numerator: Int, _ denominator: Int = 1) {
        precondition(denominator != 0, "zero denominator")
        let sign = denominator < 0 ? -1 : 1
        let divisor = Rational.gcd(numerator.magnitude, denominator.magnitude)
        self.numerator = sign * numerator / Int(divisor)
        self.denominator = sign * denominator / Int(divisor)
    }

    private static func gcd(_ a: UInt, _ b: UInt) -> UInt {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return a == 0 ? 1 : a
    }

    /// Adds two rationals exactly.
    public static func + (lhs: Rational, rhs: Rational) -> Rational {
        Rational(
            lhs.numerator * rhs.denominator + rhs.numerator * lhs.denominator,
            lhs.denominator * rhs.denominator)
    }

    /// Subtracts one rational from another exactly.
    public static func - (lhs: Rational, rhs: Rational) -> Rational {
        Rational(
            lhs.numerator * rhs.denominator - rhs.numerator * lhs.denominator,
            lhs.denominator * rhs.denominator)
    }

    /// Multiplies two rationals exactly.
    public static func * (lhs: Rational, rhs: Rational) -> Rational {
        Rational(lhs.numerator * rhs.numerator, lhs.denominator * rhs.denominator)
    }

    /// Divides one rational by another exactly; dividing by zero traps.
    public static func / (lhs: Rational, rhs: Rational) -> Rational {
        Rational(lhs.numerator * rhs.denominator, lhs.denominator * rhs.numerator)
    }

    /// Negates a rational.
    public static prefix func - (value: Rational) -> Rational {
        Rational(-value.numerator, value.denominator)
    }

    /// Compares two rationals exactly, by cross-multiplying.
    public static func < (lhs: Rational, rhs: Rational) -> Bool {
        lhs.numerator * rhs.denominator < rhs.numerator * lhs.denominator
    }

    /// The greatest integer not above the value.
    public var floor: Int {
        let quotient = numerator / denominator
        return numerator % denominator < 0 ? quotient - 1 : quotient
    }

    /// The least integer not below the value.
    public var ceiling: Int {
        -(-self).floor
    }

    /// The nearest integer, an exact half going to the smaller one.
    ///
    /// For a depth limit the smaller integer is the shallower, safer depth.
    public var roundedHalfDown: Int {
        (self - Rational(1, 2)).ceiling
    }

    /// Whether the value is a whole number.
    public var isInteger: Bool { denominator == 1 }

    /// The value written in decimal with exactly as many fraction digits as it
    /// needs, up to `maximumFractionDigits`; the value must be representable.
    ///
    /// `32.5`, `32`, `1.4` — never a trailing `.0`.
    public func decimalString(maximumFractionDigits: Int) -> String {
        var scale = 1
        for _ in 0..<maximumFractionDigits { scale *= 10 }
        let scaled = self * Rational(scale)
        precondition(scaled.isInteger, "\(self) has more than \(maximumFractionDigits) decimals")
        return Rational.formatScaled(scaled.numerator, fractionDigits: maximumFractionDigits)
    }

    /// `units / 10^fractionDigits` in plain decimal, trailing zeros dropped.
    static func formatScaled(_ units: Int, fractionDigits: Int) -> String {
        var bytes: [UInt8] = []
        appendScaled(units, fractionDigits: fractionDigits, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `units / 10^fractionDigits` in plain decimal, trailing zeros
    /// dropped, as UTF-8: exports write millions of numbers this way.
    public static func appendScaled(_ units: Int, fractionDigits: Int, to bytes: inout [UInt8]) {
        var scale = 1
        for _ in 0..<fractionDigits { scale *= 10 }
        var fraction = Int(units.magnitude) % scale
        var digits = fractionDigits
        while digits > 0, fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        if units < 0 { bytes.append(UInt8(ascii: "-")) }
        appendDigits(Int(units.magnitude) / scale, minimumWidth: 1, to: &bytes)
        if digits > 0 {
            bytes.append(UInt8(ascii: "."))
            appendDigits(fraction, minimumWidth: digits, to: &bytes)
        }
    }

    private static func appendDigits(_ value: Int, minimumWidth: Int, to bytes: inout [UInt8]) {
        var reversed: [UInt8] = []
        var value = value
        repeat {
            reversed.append(UInt8(ascii: "0") + UInt8(value % 10))
            value /= 10
        } while value > 0
        while reversed.count < minimumWidth { reversed.append(UInt8(ascii: "0")) }
        bytes.append(contentsOf: reversed.reversed())
    }

    /// `65/2`, or the integer alone when the denominator is 1.
    public var description: String {
        denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)"
    }

    /// Reads a plain, unsigned decimal such as `32`, `32.5` or `.5`.
    ///
    /// Only ASCII digits and one point are accepted: no sign, exponent, `nan`,
    /// `inf`, locale comma or thousands separator, so that nothing a user did
    /// not plainly write can become a depth. Returns `nil` for anything else,
    /// including more than `maximumFractionDigits` decimals.
    public static func parseDecimal(_ text: Substring, maximumFractionDigits: Int) -> Rational? {
        var units = 0
        var fractionDigits = 0
        var sawPoint = false
        var sawDigit = false
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if sawPoint {
                    fractionDigits += 1
                    if fractionDigits > maximumFractionDigits { return nil }
                }
                // Values past a few thousand are out of every range gaslog
                // accepts; stop before the integer could overflow.
                if units > 1_000_000_000 { return nil }
                units = units * 10 + Int(byte - UInt8(ascii: "0"))
                sawDigit = true
            case UInt8(ascii: "."):
                if sawPoint { return nil }
                sawPoint = true
            default:
                return nil
            }
        }
        guard sawDigit else { return nil }
        var scale = 1
        for _ in 0..<fractionDigits { scale *= 10 }
        return Rational(units, scale)
    }
}
