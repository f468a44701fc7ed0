import NitroxCalculator

extension Rational {
    /// The value times `multiplier` over `divisor`, rounded to the nearest
    /// integer, a half away from zero: an amount of money, or millilitres.
    /// The product is taken in 128 bits, since litres times a price in
    /// millionths can pass `Int.max` before it is divided.
    public func scaledRounded(by multiplier: Int, over divisor: Int = 1) -> Int {
        let numerator = Int128(self.numerator) * Int128(multiplier)
        let denominator = Int128(denominator) * Int128(divisor)
        let (quotient, remainder) = numerator.magnitude.quotientAndRemainder(dividingBy: denominator.magnitude)
        let rounded = remainder * 2 >= denominator.magnitude ? quotient + 1 : quotient
        let negative = (numerator < 0) != (denominator < 0)
        return Int(negative ? -Int128(rounded) : Int128(rounded))
    }
}
