/// A manufacturer's filter-life correction chart: (temperature °C, factor) points.
///
/// A cartridge's rated life holds at a reference temperature; warmer air
/// carries more water and uses it up faster, so each hour run counts as
/// hours ÷ factor. Factors are stored in hundredths, as the manufacturer
/// prints them, so that the chart and every interpolation are exact.
public struct FilterFactorChart: Sendable, Hashable {
    /// One line of the chart.
    public struct Point: Sendable, Hashable {
        /// The temperature, in whole °C from −20 to 60.
        public let temperature: Int
        /// The factor × 100, from 5 to 500: 0.05 to 5 with at most two decimals.
        public let factorHundredths: Int

        /// A point of the chart; values outside the ranges trap, since only
        /// parsed or stored charts, already checked, come here.
        public init(temperature: Int, factorHundredths: Int) {
            precondition(FilterFactorChart.temperatures.contains(temperature), "temperature \(temperature) is outside -20...60")
            precondition(FilterFactorChart.factorsHundredths.contains(factorHundredths), "factor \(factorHundredths)/100 is outside 0.05...5")
            self.temperature = temperature
            self.factorHundredths = factorHundredths
        }
    }

    /// The points, at least one, in strictly increasing temperature, so that
    /// each temperature has one factor and interpolation has its neighbours.
    public let points: [Point]

    /// The temperatures a chart may name, in °C.
    static let temperatures = -20...60
    /// The factors a chart may give, in hundredths.
    static let factorsHundredths = 5...500

    /// A chart already known to be valid, as stored; an empty list or
    /// temperatures out of order trap.
    public init(points: [Point]) {
        precondition(!points.isEmpty, "a filter chart has at least one point")
        for index in points.indices.dropFirst() {
            precondition(points[index - 1].temperature < points[index].temperature, "filter chart temperatures must increase")
        }
        self.points = points
    }

    /// Parses `10:1.4,20:1,30:0.6,40:0.35`.
    ///
    /// Only what a user plainly wrote is taken: no spaces, no `+`, no
    /// exponent; `-5` is a temperature. The error names the first thing wrong.
    public init(parsing text: String) throws(CalculatorInputError) {
        func invalid(_ reason: String) -> CalculatorInputError {
            CalculatorInputError("invalid filter factors \(quoted(text)): \(reason)")
        }
        guard !text.isEmpty else {
            throw invalid("expected TEMP:FACTOR pairs separated by commas, such as 10:1.4,20:1,30:0.6,40:0.35")
        }
        var points: [Point] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = item.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2 else {
                throw invalid("\(quoted(String(item))) is not a TEMP:FACTOR pair such as 20:1")
            }
            guard let temperature = FilterFactorChart.parseTemperature(parts[0]) else {
                throw invalid("temperature \(quoted(String(parts[0]))) is not a whole number of °C from -20 to 60")
            }
            guard let factor = Rational.parseDecimal(parts[1], maximumFractionDigits: 2) else {
                if Rational.parseDecimal(parts[1], maximumFractionDigits: 18) != nil {
                    throw invalid("factor \(quoted(String(parts[1]))) has more than two decimals")
                }
                throw invalid("factor \(quoted(String(parts[1]))) is not a number from 0.05 to 5 such as 1.4")
            }
            // At most two decimals, so factor × 100 is whole.
            let hundredths = factor.numerator * (100 / factor.denominator)
            guard FilterFactorChart.factorsHundredths.contains(hundredths) else {
                throw invalid("factor \(quoted(String(parts[1]))) is not from 0.05 to 5")
            }
            if let previous = points.last, previous.temperature >= temperature {
                throw invalid("temperatures must be strictly increasing, but \(temperature) follows \(previous.temperature)")
            }
            points.append(Point(temperature: temperature, factorHundredths: hundredths))
        }
        self.points = points
    }

    /// An optional `-` and one to three ASCII digits, within −20...60; nil
    /// otherwise. The digit limit keeps a long number from overflowing.
    private static func parseTemperature(_ text: Substring) -> Int? {
        var bytes = text.utf8
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { bytes = bytes.dropFirst() }
        guard (1...3).contains(bytes.count) else { return nil }
        var value = 0
        for byte in bytes {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        let temperature = negative ? -value : value
        return temperatures.contains(temperature) ? temperature : nil
    }

    /// Canonical text: `10:1.4,20:1,30:0.6,40:0.35`, each factor without
    /// trailing zeros, so that equal charts are stored alike. Parsing it gives
    /// the same chart.
    public var text: String {
        points.map { "\($0.temperature):\(Rational.formatScaled($0.factorHundredths, fractionDigits: 2))" }.joined(separator: ",")
    }

    /// The exact factor at `temperature`: linear interpolation between the two
    /// neighbouring points, the nearest end's factor outside the chart; 1 when
    /// `temperature` is nil, since a run of unknown temperature is counted at
    /// the rated life.
    public func factor(at temperature: Int?) -> Rational {
        guard let temperature else { return Rational(1) }
        let first = points[0]
        let last = points[points.count - 1]
        if temperature <= first.temperature { return Rational(first.factorHundredths, 100) }
        if temperature >= last.temperature { return Rational(last.factorHundredths, 100) }
        var upper = 1
        while points[upper].temperature < temperature { upper += 1 }
        let (low, high) = (points[upper - 1], points[upper])
        let span = high.temperature - low.temperature
        let offset = temperature - low.temperature
        // f₀ + (f₁ − f₀)·(t − t₀)/(t₁ − t₀), in hundredths over the span.
        return Rational(low.factorHundredths * span + (high.factorHundredths - low.factorHundredths) * offset, 100 * span)
    }
}
