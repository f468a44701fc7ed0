/// A cylinder pressure, kept in hundredths of a bar.
///
/// Hundredths are fine enough that a whole number of psi converts to bar and
/// back to the same psi (one centibar is 0.145 psi), so `3000psi` still reads
/// 3000 psi after it has been stored in bar.
public struct Pressure: Sendable, Hashable, Comparable {
    /// The conversion gaslog uses, as in the domain notes: 1 bar = 14.5038 psi.
    public static let psiPerBar = Rational(145_038, 10_000)

    /// The pressure in hundredths of a bar: 23200 is 232 bar.
    public let centibar: Int

    /// A pressure from hundredths of a bar.
    public init(centibar: Int) {
        self.centibar = centibar
    }

    /// A pressure in bar, rounded to the nearest hundredth, a half going down.
    public init(bar: Rational) {
        centibar = (bar * Rational(100)).roundedHalfDown
    }

    /// A pressure in psi, converted at ``psiPerBar`` and rounded to the nearest hundredth of a bar.
    public init(psi: Rational) {
        self.init(bar: psi / Pressure.psiPerBar)
    }

    /// The pressure in bar, exactly.
    public var bar: Rational { Rational(centibar, 100) }
    /// The pressure in psi, converted exactly from the stored bar.
    public var psi: Rational { bar * Pressure.psiPerBar }

    /// Orders pressures, lowest first.
    public static func < (lhs: Pressure, rhs: Pressure) -> Bool { lhs.centibar < rhs.centibar }

    /// The exact bar value as CSV and JSON write it: `232`, `206.84`.
    public var barText: String {
        Rational.formatScaled(centibar, fractionDigits: 2)
    }

    /// The value in `unit` for a person to read: bar to 0.1, psi to 1.
    public func displayText(in unit: UnitSystem) -> String {
        switch unit {
        case .metric:
            let tenths = (bar * Rational(10)).roundedHalfDown
            return Rational.formatScaled(tenths, fractionDigits: 1) + " bar"
        case .imperial:
            return "\(psi.roundedHalfDown) psi"
        }
    }

    /// The value in `unit` rounded down, for a limit to stay under: bar to
    /// 0.1, psi to 1. A limit rounded to nearest could read above itself.
    public func displayTextRoundedDown(in unit: UnitSystem) -> String {
        switch unit {
        case .metric: Rational.formatScaled((bar * Rational(10)).floor, fractionDigits: 1) + " bar"
        case .imperial: "\(psi.floor) psi"
        }
    }

    /// Below this, a pressure is more likely typed in the other unit than
    /// meant: no cylinder is filled to under 50 bar.
    public static let implausiblyLow = Pressure(centibar: 5_000)

    /// Whether `text` is a number without a unit, read in the preferred unit.
    public static func isBareNumber(_ text: String) -> Bool {
        !text.isEmpty && text.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }
    }

    /// The largest pressure gaslog stores: 4,500 psi, which is a little above
    /// the 300 bar allowed when pressure is given in bar.
    public static let maximum = Pressure(psi: Rational(4500))

    /// The largest pressure gaslog accepts in each unit system.
    public static func limit(in unit: UnitSystem) -> Rational {
        switch unit {
        case .metric: Rational(300)
        case .imperial: Rational(4500)
        }
    }

    /// Reads `232`, `232bar`, `232 bar` or `3000psi`. A bare number is in the
    /// preferred unit. Values must be above zero unless `allowsZero`, and at
    /// most 300 bar or 4,500 psi, with at most one decimal.
    public init(parsing text: String, preferred unit: UnitSystem, allowsZero: Bool = false) throws(CalculatorInputError) {
        let lowered = text.lowercased()
        var number = Substring(lowered)
        var inputUnit = unit
        for candidate in UnitSystem.allCases where number.hasSuffix(candidate.pressureSymbol) {
            number = number.dropLast(candidate.pressureSymbol.count)
            if number.last == " " { number = number.dropLast() }
            inputUnit = candidate
        }
        let lower = allowsZero ? "0" : "above 0"
        let range = "\(lower) to 300 bar or 4500 psi, with at most one decimal (232, 232bar, 3000psi)"
        guard let value = Rational.parseDecimal(number, maximumFractionDigits: 1),
            value <= Pressure.limit(in: inputUnit),
            allowsZero || value > Rational(0)
        else {
            throw CalculatorInputError("invalid pressure \(quoted(text)): expected \(range)")
        }
        switch inputUnit {
        case .metric: self.init(bar: value)
        case .imperial: self.init(psi: value)
        }
    }
}
