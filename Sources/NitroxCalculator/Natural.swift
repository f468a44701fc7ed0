/// A natural number of any size, for the one sum in gaslog that fixed-width
/// integers cannot hold exactly.
///
/// A filter's used life is Σ hoursᵢ ÷ factorᵢ, and an interpolated factor's
/// numerator can be any number up to 40 000; the sum's common denominator is
/// the least common multiple of all of them, which for a few dozen
/// temperatures runs to hundreds of bits and overflows `Int128`. Rather than
/// round, gaslog keeps the sum exact in this type, which has only what that sum
/// needs: add, subtract, multiply, divide by a word, compare, and the quotient
/// of two of them when it fits in an `Int`.
struct Natural: Sendable, Equatable, Comparable {
    /// Base-2⁶⁴ digits, least significant first, never with a zero at the top,
    /// so that equal numbers have equal arrays; zero has none.
    private let limbs: [UInt64]

    /// The value with these digits, least significant first, whatever zeros
    /// are at the top.
    private init(trimming digits: [UInt64]) {
        var digits = digits
        while digits.last == 0 { digits.removeLast() }
        limbs = digits
    }

    /// The number `value`.
    init(_ value: UInt64) {
        self.init(trimming: [value])
    }

    /// The number `value`, which must not be negative.
    init(_ value: Int) {
        precondition(value >= 0, "a natural number is not negative")
        self.init(UInt64(value))
    }

    /// Zero.
    static let zero = Natural(0 as UInt64)

    /// Whether the value is zero.
    var isZero: Bool { limbs.isEmpty }

    /// The value as an `Int`, or `Int.max` when it is larger: a result that big
    /// is past anything a logbook holds, and saturating it cannot trap.
    var saturatingInt: Int {
        guard let low = limbs.first else { return 0 }
        return limbs.count == 1 && low <= UInt64(Int.max) ? Int(low) : Int.max
    }

    /// The sum, digit by digit with a carry.
    static func + (lhs: Natural, rhs: Natural) -> Natural {
        let (long, short) = lhs.limbs.count >= rhs.limbs.count ? (lhs.limbs, rhs.limbs) : (rhs.limbs, lhs.limbs)
        var digits = long
        var carry = false
        for index in digits.indices {
            if index >= short.count && !carry { break }
            let (partial, firstOverflow) = digits[index].addingReportingOverflow(index < short.count ? short[index] : 0)
            let (sum, secondOverflow) = partial.addingReportingOverflow(carry ? 1 : 0)
            digits[index] = sum
            carry = firstOverflow || secondOverflow
        }
        if carry { digits.append(1) }
        return Natural(trimming: digits)
    }

    /// The difference, digit by digit with a borrow; `rhs` must not exceed `lhs`.
    static func - (lhs: Natural, rhs: Natural) -> Natural {
        precondition(rhs <= lhs, "a natural number is not negative")
        var digits = lhs.limbs
        var borrow = false
        for index in digits.indices {
            if index >= rhs.limbs.count && !borrow { break }
            let (partial, firstOverflow) = digits[index].subtractingReportingOverflow(index < rhs.limbs.count ? rhs.limbs[index] : 0)
            let (difference, secondOverflow) = partial.subtractingReportingOverflow(borrow ? 1 : 0)
            digits[index] = difference
            borrow = firstOverflow || secondOverflow
        }
        return Natural(trimming: digits)
    }

    /// The product, by schoolbook multiplication.
    ///
    /// Each step adds a digit product and two digits below 2⁶⁴, at most
    /// (2⁶⁴ − 1)² + 2(2⁶⁴ − 1) = 2¹²⁸ − 1, so the carry always fits in a digit.
    static func * (lhs: Natural, rhs: Natural) -> Natural {
        guard !lhs.isZero, !rhs.isZero else { return .zero }
        var digits = [UInt64](repeating: 0, count: lhs.limbs.count + rhs.limbs.count)
        for (row, left) in lhs.limbs.enumerated() {
            var carry: UInt64 = 0
            for (column, right) in rhs.limbs.enumerated() {
                let (high, low) = left.multipliedFullWidth(by: right)
                let (partial, firstOverflow) = low.addingReportingOverflow(digits[row + column])
                let (sum, secondOverflow) = partial.addingReportingOverflow(carry)
                digits[row + column] = sum
                carry = high &+ (firstOverflow ? 1 : 0) &+ (secondOverflow ? 1 : 0)
            }
            digits[row + rhs.limbs.count] = carry
        }
        return Natural(trimming: digits)
    }

    /// The quotient and remainder of a division by a nonzero word, by long
    /// division from the top digit: each partial remainder is below the divisor,
    /// so each step's quotient fits in a digit.
    func quotientAndRemainder(dividingBy divisor: UInt64) -> (quotient: Natural, remainder: UInt64) {
        precondition(divisor != 0, "division by zero")
        var quotient = [UInt64](repeating: 0, count: limbs.count)
        var remainder: UInt64 = 0
        for index in limbs.indices.reversed() {
            (quotient[index], remainder) = divisor.dividingFullWidth((remainder, limbs[index]))
        }
        return (Natural(trimming: quotient), remainder)
    }

    /// ⌊self ÷ divisor⌋, saturated at `Int.max`, and whether the division
    /// leaves no remainder; the divisor must not be zero.
    ///
    /// Found by bisection on the quotient, comparing q × divisor with self:
    /// 63 multiplications of a word by a number, simpler to trust than long
    /// division by a many-digit number, and fast enough for a logbook.
    func dividedSaturating(by divisor: Natural) -> (floor: Int, isExact: Bool) {
        precondition(!divisor.isZero, "division by zero")
        if self < divisor { return (0, isZero) }
        let largest = divisor * Natural(Int.max)
        if largest <= self { return (Int.max, largest == self) }
        // low × divisor ≤ self < high × divisor throughout.
        var (low, high) = (UInt64(1), UInt64(Int.max))
        while high - low > 1 {
            let middle = low + (high - low) / 2
            if divisor * Natural(middle) <= self { low = middle } else { high = middle }
        }
        return (Int(low), divisor * Natural(low) == self)
    }

    /// Compares two numbers: the one with more digits is larger, else the
    /// first differing digit from the top decides.
    static func < (lhs: Natural, rhs: Natural) -> Bool {
        guard lhs.limbs.count == rhs.limbs.count else { return lhs.limbs.count < rhs.limbs.count }
        for index in lhs.limbs.indices.reversed() where lhs.limbs[index] != rhs.limbs[index] {
            return lhs.limbs[index] < rhs.limbs[index]
        }
        return false
    }
}
