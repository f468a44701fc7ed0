/// A cylinder's size, kept as its water capacity in hundredths of a litre.
///
/// Europe sizes cylinders by water capacity (a 12 L cylinder); the US by the
/// free gas it holds at its working pressure (an AL80 holds about 77 ft³ at
/// 3,000 psi). gaslog converts between them as an ideal gas, the way the
/// printed tables do:
///
///     capacity (ft³) = water capacity (L) × working pressure (bar) / 28.316846592
///
/// where 28.316846592 L is one cubic foot exactly.
public struct CylinderVolume: Sendable, Hashable {
    /// Litres in one cubic foot, exactly.
    public static let litresPerCubicFoot = Rational(28_316_846_592, 1_000_000_000)

    /// The water capacity in hundredths of a litre: 1200 is a 12 L cylinder.
    public let centilitres: Int

    /// A size from its water capacity in hundredths of a litre.
    public init(centilitres: Int) {
        self.centilitres = centilitres
    }

    /// A size from its water capacity in litres, rounded to the nearest hundredth, a half going down.
    public init(litres: Rational) {
        centilitres = (litres * Rational(100)).roundedHalfDown
    }

    /// The water capacity that holds `cubicFeet` of gas at `workingPressure`.
    public init(cubicFeet: Rational, workingPressure: Pressure) {
        self.init(litres: cubicFeet * CylinderVolume.litresPerCubicFoot / workingPressure.bar)
    }

    /// The water capacity in litres, exactly.
    public var litres: Rational { Rational(centilitres, 100) }

    /// The gas capacity at `workingPressure`, in cubic feet.
    public func cubicFeet(at workingPressure: Pressure) -> Rational {
        litres * workingPressure.bar / CylinderVolume.litresPerCubicFoot
    }

    /// The stored litres, exactly: `12`, `10.65`.
    public var litresText: String { Rational.formatScaled(centilitres, fractionDigits: 2) }

    /// The gas capacity in cubic feet to 0.1: `77.4`.
    public func cubicFeetText(at workingPressure: Pressure) -> String {
        Rational.formatScaled((cubicFeet(at: workingPressure) * Rational(10)).roundedHalfDown, fractionDigits: 1)
    }

    /// `12 L`, or `77.4 ft³` where the working pressure is known; litres otherwise.
    public func displayText(in unit: UnitSystem, workingPressure: Pressure?) -> String {
        if unit == .imperial, let workingPressure {
            return cubicFeetText(at: workingPressure) + " ft³"
        }
        return litresText + " L"
    }

    /// What a volume was given in, before it can be stored.
    public enum Entry: Sendable, Hashable {
        case litres(Rational)
        case cubicFeet(Rational)
    }

    private static let litreSuffixes = ["litres", "liters", "litre", "liter", "l"]
    private static let cubicFootSuffixes = ["cuft", "cu ft", "ft³", "ft3", "cf"]

    /// Reads `12`, `12L`, `12 l`, `80cuft` or `80 ft3`, at most 1,000 L or
    /// 1,000 ft³ with at most one decimal. A bare number is litres for metric
    /// and cubic feet for imperial.
    public static func parse(_ text: String, preferred unit: UnitSystem) throws(CalculatorInputError) -> Entry {
        var number = Substring(text.lowercased())
        var isCubicFeet = unit == .imperial
        for suffix in litreSuffixes + cubicFootSuffixes where number.hasSuffix(suffix) {
            number = number.dropLast(suffix.count)
            if number.last == " " { number = number.dropLast() }
            isCubicFeet = cubicFootSuffixes.contains(suffix)
            break
        }
        guard let value = Rational.parseDecimal(number, maximumFractionDigits: 1),
            value > Rational(0), value <= Rational(1000)
        else {
            throw CalculatorInputError(
                "invalid volume \(quoted(text)): expected litres (12, 12L) or cubic feet (80cuft) above 0 and at most 1000, with at most one decimal")
        }
        return isCubicFeet ? .cubicFeet(value) : .litres(value)
    }
}
