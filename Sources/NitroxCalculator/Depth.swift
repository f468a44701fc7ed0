/// A planned depth of sea water in one unit system.
public struct Depth: Sendable, Hashable {
    /// The depth in metres or feet, as `unit` says.
    public let value: Rational
    /// The unit system the depth is in.
    public let unit: UnitSystem

    /// A depth of `value` in `unit`, not checked against the limit.
    public init(_ value: Rational, _ unit: UnitSystem) {
        self.value = value
        self.unit = unit
    }

    /// The deepest depth gaslog plans for: 150 m or 500 ft.
    public static func limit(in unit: UnitSystem) -> Rational {
        unit == .metric ? Rational(150) : Rational(500)
    }

    /// The absolute pressure at this depth, in bar: depth / (10 m or 33 ft) + 1.
    public var absolutePressure: Rational {
        value / unit.depthPerBar + Rational(1)
    }

    /// `30` or `30.5` as written in reports and JSON.
    public var text: String { value.decimalString(maximumFractionDigits: 1) }

    /// Reads `30` or `30.5`: 0 to 150 m or 0 to 500 ft, at most one decimal.
    public init(parsing text: String, unit: UnitSystem) throws(CalculatorInputError) {
        guard let value = Rational.parseDecimal(Substring(text), maximumFractionDigits: 1),
            value <= Depth.limit(in: unit)
        else {
            let range = unit == .metric ? "0 to 150 m" : "0 to 500 ft"
            throw CalculatorInputError("invalid depth \(quoted(text)): expected \(range) with at most one decimal")
        }
        self.init(value, unit)
    }
}
