import NitroxCalculator
import Testing

// Issue 28's filter life: the chart, its interpolation, and used and remaining
// hours rounded to the safe side. Every expectation is either a fraction worked
// out by hand in a comment, or computed again here by this file's own means:
// its own fractions and interpolation, sums that are whole by construction, and
// for the long case a Double approximation used only as a bound.

/// A fraction of this file's own, in lowest terms with a positive denominator.
private struct Fraction: Equatable, CustomStringConvertible {
    let numerator: Int
    let denominator: Int

    init(_ numerator: Int, _ denominator: Int = 1) {
        precondition(denominator != 0)
        func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? Swift.abs(a) : gcd(b, a % b) }
        let divisor = Swift.max(gcd(numerator, denominator), 1) * (denominator < 0 ? -1 : 1)
        self.numerator = numerator / divisor
        self.denominator = denominator / divisor
    }

    var description: String { "\(numerator)/\(denominator)" }
}

/// The library's exact factor, as one of this file's fractions.
private func fraction(_ value: Rational) -> Fraction { Fraction(value.numerator, value.denominator) }

/// The rule, written out again: linear between neighbours, the
/// nearest end outside, from (°C, hundredths) pairs.
private func interpolated(_ points: [(Int, Int)], at temperature: Int) -> Fraction {
    if temperature <= points[0].0 { return Fraction(points[0].1, 100) }
    if temperature >= points[points.count - 1].0 { return Fraction(points[points.count - 1].1, 100) }
    let upper = points.firstIndex { $0.0 >= temperature }!
    let (t0, f0) = points[upper - 1]
    let (t1, f1) = points[upper]
    // f0/100 + (f1 − f0)/100 · (t − t0)/(t1 − t0)
    return Fraction(f0 * (t1 - t0) + (f1 - f0) * (temperature - t0), 100 * (t1 - t0))
}

/// A run of `hundredths` hundredths of an hour at the factor `numerator/denominator`.
private func run(_ hundredths: Int, _ numerator: Int = 1, _ denominator: Int = 1) -> FilterLife.Run {
    FilterLife.Run(hundredthsOfHours: hundredths, factor: Rational(numerator, denominator))
}

/// A small deterministic generator, so that the long case is the same every run.
private struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

@Suite("Filter factor chart")
struct FilterFactorChartTests {
    @Test(
        "valid charts parse, print canonically, and read back the same",
        arguments: [
            ("10:1.4,20:1,30:0.6,40:0.35", [(10, 140), (20, 100), (30, 60), (40, 35)], "10:1.4,20:1,30:0.6,40:0.35"),
            ("-5:1.00,0:0.50,60:5", [(-5, 100), (0, 50), (60, 500)], "-5:1,0:0.5,60:5"),
            ("-20:0.05", [(-20, 5)], "-20:0.05"),
            ("-20:0.05,-3:4.99,7:0.07,33:3.33,60:5", [(-20, 5), (-3, 499), (7, 7), (33, 333), (60, 500)], "-20:0.05,-3:4.99,7:0.07,33:3.33,60:5"),
            ("20:.5,21:1.", [(20, 50), (21, 100)], "20:0.5,21:1"),
        ])
    func parses(text: String, points: [(Int, Int)], canonical: String) throws {
        let chart = try FilterFactorChart(parsing: text)
        #expect(chart.points.map { [$0.temperature, $0.factorHundredths] } == points.map { [$0.0, $0.1] })
        #expect(chart.text == canonical)
        #expect(try FilterFactorChart(parsing: chart.text) == chart)
        #expect(FilterFactorChart(points: points.map { FilterFactorChart.Point(temperature: $0.0, factorHundredths: $0.1) }) == chart)
    }

    @Test(
        "invalid charts are refused with a one-line message naming the fault",
        arguments: [
            ("", "expected TEMP:FACTOR pairs"),
            ("20", "'20' is not a TEMP:FACTOR pair"),
            ("20:1:2", "'20:1:2' is not a TEMP:FACTOR pair"),
            ("20:1,", "'' is not a TEMP:FACTOR pair"),
            (",20:1", "'' is not a TEMP:FACTOR pair"),
            ("20;1", "'20;1' is not a TEMP:FACTOR pair"),
            (":1", "temperature '' is not a whole number of °C from -20 to 60"),
            ("+5:1", "temperature '+5' is not a whole number"),
            ("1e1:1", "temperature '1e1' is not a whole number"),
            ("5.5:1", "temperature '5.5' is not a whole number"),
            ("-21:1", "temperature '-21' is not a whole number"),
            ("61:1", "temperature '61' is not a whole number"),
            ("-:1", "temperature '-' is not a whole number"),
            ("--5:1", "temperature '--5' is not a whole number"),
            ("\u{2212}5:1", "temperature '\u{2212}5' is not a whole number"),
            ("99999999999999999999:1", "temperature '99999999999999999999' is not a whole number"),
            ("10:1.4, 20:1", "temperature ' 20' is not a whole number"),
            ("20:", "factor '' is not a number from 0.05 to 5"),
            ("20:+1", "factor '+1' is not a number"),
            ("20:1e0", "factor '1e0' is not a number"),
            ("20:-1", "factor '-1' is not a number"),
            ("20:abc", "factor 'abc' is not a number"),
            ("20:1 ", "factor '1 ' is not a number"),
            ("20:99999999999999999999", "factor '99999999999999999999' is not a number"),
            ("20:0.04", "factor '0.04' is not from 0.05 to 5"),
            ("20:0", "factor '0' is not from 0.05 to 5"),
            ("20:5.01", "factor '5.01' is not from 0.05 to 5"),
            ("20:500", "factor '500' is not from 0.05 to 5"),
            ("20:1.234", "factor '1.234' has more than two decimals"),
            ("20:0.050", "factor '0.050' has more than two decimals"),
            ("20:1,20:1", "strictly increasing, but 20 follows 20"),
            ("30:1,20:1", "strictly increasing, but 20 follows 30"),
            ("20:1\n", "factor '1\\u{a}' is not a number"),
        ])
    func refuses(text: String, fault: String) {
        #expect(throws: CalculatorInputError.self) { try FilterFactorChart(parsing: text) }
        do {
            _ = try FilterFactorChart(parsing: text)
        } catch {
            #expect(error.message.hasPrefix("invalid filter factors \(quoted(text)): "))
            #expect(error.message.contains(fault), "\(error.message)")
            #expect(!error.message.contains("\n"))
        }
    }

    @Test("the factor at a point, between points, beyond both ends and with no temperature")
    func factors() throws {
        let chart = try FilterFactorChart(parsing: "10:1.4,20:1,30:0.6,40:0.35")
        // At the points themselves.
        #expect(chart.factor(at: 10) == Rational(7, 5))
        #expect(chart.factor(at: 20) == Rational(1))
        #expect(chart.factor(at: 30) == Rational(3, 5))
        #expect(chart.factor(at: 40) == Rational(7, 20))
        // 15 °C: 1.4 + (1 − 1.4)·5/10 = 1.2; 13 °C: 1.4 − 0.4·3/10 = 1.28.
        #expect(chart.factor(at: 15) == Rational(6, 5))
        #expect(chart.factor(at: 13) == Rational(32, 25))
        // 33 °C: 0.6 − 0.25·3/10 = 0.525 = 21/40; 35 °C: 0.475 = 19/40.
        #expect(chart.factor(at: 33) == Rational(21, 40))
        #expect(chart.factor(at: 35) == Rational(19, 40))
        // Beyond the ends: the nearest end's factor, whatever the temperature.
        #expect(chart.factor(at: 9) == Rational(7, 5))
        #expect(chart.factor(at: -20) == Rational(7, 5))
        #expect(chart.factor(at: Int.min) == Rational(7, 5))
        #expect(chart.factor(at: 41) == Rational(7, 20))
        #expect(chart.factor(at: 60) == Rational(7, 20))
        #expect(chart.factor(at: Int.max) == Rational(7, 20))
        #expect(chart.factor(at: nil) == Rational(1))
    }

    @Test("a one-point chart gives its factor everywhere, and 1 with no temperature")
    func onePoint() throws {
        let chart = try FilterFactorChart(parsing: "20:0.8")
        for temperature in [-20, 0, 19, 20, 21, 60] {
            #expect(chart.factor(at: temperature) == Rational(4, 5))
        }
        #expect(chart.factor(at: nil) == Rational(1))
    }

    @Test("every temperature of an uneven chart matches this file's own interpolation")
    func everyTemperature() throws {
        let points = [(-20, 5), (-3, 499), (7, 7), (33, 333), (60, 500)]
        let chart = try FilterFactorChart(parsing: "-20:0.05,-3:4.99,7:0.07,33:3.33,60:5")
        for temperature in -25...65 {
            #expect(fraction(chart.factor(at: temperature)) == interpolated(points, at: temperature), "at \(temperature) °C")
        }
    }
}

@Suite("Filter life")
struct FilterLifeTests {
    @Test("used rounds up and remaining down when the exact value has more decimals")
    func rounding() {
        // 1 h at 0.35: 100/0.35 = 2000/7 = 285.714… hundredths, used 286.
        // Filter 10.0 h: 1000 − 2000/7 = 5000/7 = 714.28… → 714; 71.428… % → 71.
        let life = FilterLife(filterTenthsOfHours: 100, runs: [run(100, 7, 20)])
        #expect(life.hoursRunHundredths == 100)
        #expect(life.usedHundredthsRoundedUp == 286)
        #expect(life.remainingHundredthsRoundedDown == 714)
        #expect(life.remainingPercentRoundedDown == 71)
        #expect(life.isExhausted == false)

        // 1 h at 0.3: 1000/3 = 333.33… → 334; filter 5.0 h: 500 − 1000/3 = 166.66… → 166; 33.3… % → 33.
        let third = FilterLife(filterTenthsOfHours: 50, runs: [run(100, 3, 10)])
        #expect(third.usedHundredthsRoundedUp == 334)
        #expect(third.remainingHundredthsRoundedDown == 166)
        #expect(third.remainingPercentRoundedDown == 33)
    }

    @Test("interpolated factors add exactly, and past the filter's life remaining floors toward minus infinity")
    func interpolatedRuns() throws {
        let chart = try FilterFactorChart(parsing: "10:1.4,20:1,30:0.6,40:0.35")
        let runs = [33, 13].map { FilterLife.Run(hundredthsOfHours: 100, factor: chart.factor(at: $0)) }
        // 100 ÷ 21/40 + 100 ÷ 32/25 = 4000/21 + 625/8 = (32000 + 13125)/168 = 45125/168
        // = 268 + 101/168 = 268.601… hundredths: used 269.
        // Filter 2.7 h = 270: remaining 235/168 = 1.39… → 1; percent 100·235/168/270 = 0.51… → 0.
        let life = FilterLife(filterTenthsOfHours: 27, runs: runs)
        #expect(life.hoursRunHundredths == 200)
        #expect(life.usedHundredthsRoundedUp == 269)
        #expect(life.remainingHundredthsRoundedDown == 1)
        #expect(life.remainingPercentRoundedDown == 0)
        #expect(life.isExhausted == false)
        // Filter 2.6 h = 260: remaining −1445/168 = −8.60… → −9; percent −3.30… → −4.
        let past = FilterLife(filterTenthsOfHours: 26, runs: runs)
        #expect(past.usedHundredthsRoundedUp == 269)
        #expect(past.remainingHundredthsRoundedDown == -9)
        #expect(past.remainingPercentRoundedDown == -4)
        #expect(past.isExhausted == true)
    }

    @Test("exhausted exactly at zero, just past it, and not while a sliver is left")
    func exhaustion() {
        // 0.5 h at 0.5 is exactly 1 h: the 1.0 h filter is used up, 0 left, exhausted.
        let exact = FilterLife(filterTenthsOfHours: 10, runs: [run(50, 1, 2)])
        #expect(exact.usedHundredthsRoundedUp == 100)
        #expect(exact.remainingHundredthsRoundedDown == 0)
        #expect(exact.remainingPercentRoundedDown == 0)
        #expect(exact.isExhausted == true)
        // One hundredth more at 5 adds 0.2 hundredths: used 100.2 → 101, remaining −0.2 → −1, percent −0.2 → −1.
        let past = FilterLife(filterTenthsOfHours: 10, runs: [run(50, 1, 2), run(1, 5)])
        #expect(past.usedHundredthsRoundedUp == 101)
        #expect(past.remainingHundredthsRoundedDown == -1)
        #expect(past.remainingPercentRoundedDown == -1)
        #expect(past.isExhausted == true)
        // 0.99 h at 1 and 0.01 h at 1.01: 99 + 100/101 hundredths, 1/101 left: shown as
        // used 100 and remaining 0, yet not exhausted, because that is decided exactly.
        let sliver = FilterLife(filterTenthsOfHours: 10, runs: [run(99), run(1, 101, 100)])
        #expect(sliver.usedHundredthsRoundedUp == 100)
        #expect(sliver.remainingHundredthsRoundedDown == 0)
        #expect(sliver.remainingPercentRoundedDown == 0)
        #expect(sliver.isExhausted == false)
    }

    @Test("without filter hours only the hours and used life are known")
    func noFilterHours() {
        let life = FilterLife(filterTenthsOfHours: nil, runs: [run(100, 7, 20), run(30)])
        // 2000/7 + 30 = 2210/7 = 315.71… → 316.
        #expect(life.hoursRunHundredths == 130)
        #expect(life.usedHundredthsRoundedUp == 316)
        #expect(life.remainingHundredthsRoundedDown == nil)
        #expect(life.remainingPercentRoundedDown == nil)
        #expect(life.isExhausted == nil)
    }

    @Test("no runs, or runs of no time, leave the whole filter")
    func fresh() {
        for runs in [[], [run(0, 7, 20), run(0)]] {
            let life = FilterLife(filterTenthsOfHours: 5, runs: runs)
            #expect(life.hoursRunHundredths == 0)
            #expect(life.usedHundredthsRoundedUp == 0)
            #expect(life.remainingHundredthsRoundedDown == 50)
            #expect(life.remainingPercentRoundedDown == 100)
            #expect(life.isExhausted == false)
        }
    }

    @Test("a sum whose common denominator passes 128 bits is still exact: every temperature once, whole by construction")
    func wholeByConstruction() throws {
        let points = [(-20, 5), (-3, 499), (7, 7), (33, 333), (60, 500)]
        let chart = try FilterFactorChart(parsing: "-20:0.05,-3:4.99,7:0.07,33:3.33,60:5")
        // A run of a hundredths at the factor a/b uses exactly b hundredths, so
        // these 81 runs use Σ b, though their denominators a are unrelated.
        var runs: [FilterLife.Run] = []
        var hours = 0
        var used = 0
        for temperature in (-20...60).reversed() {
            let factor = interpolated(points, at: temperature)
            runs.append(FilterLife.Run(hundredthsOfHours: factor.numerator, factor: chart.factor(at: temperature)))
            hours += factor.numerator
            used += factor.denominator
        }
        // Top it up at factor 1 to a whole tenth of an hour, the filter's unit.
        let topUp = (10 - used % 10) % 10
        runs.append(run(topUp))
        let filterTenths = (used + topUp) / 10
        let exact = FilterLife(filterTenthsOfHours: filterTenths, runs: runs)
        #expect(exact.hoursRunHundredths == hours + topUp)
        #expect(exact.usedHundredthsRoundedUp == used + topUp)
        #expect(exact.remainingHundredthsRoundedDown == 0)
        #expect(exact.remainingPercentRoundedDown == 0)
        #expect(exact.isExhausted == true)
        // A tenth more filter: exactly 10 hundredths left, not exhausted.
        let tenthLeft = FilterLife(filterTenthsOfHours: filterTenths + 1, runs: runs)
        #expect(tenthLeft.remainingHundredthsRoundedDown == 10)
        #expect(tenthLeft.isExhausted == false)
        // One hundredth more at 5 is 0.2 hundredths past the end.
        let past = FilterLife(filterTenthsOfHours: filterTenths, runs: runs + [run(1, 5)])
        #expect(past.usedHundredthsRoundedUp == used + topUp + 1)
        #expect(past.remainingHundredthsRoundedDown == -1)
        #expect(past.remainingPercentRoundedDown == -1)
        #expect(past.isExhausted == true)
    }

    @Test("200 runs at all 81 temperatures: order-free, monotone, and within a Double's reach of the truth")
    func longLog() throws {
        let points = [(-20, 5), (-3, 499), (7, 7), (33, 333), (60, 500)]
        let chart = try FilterFactorChart(parsing: "-20:0.05,-3:4.99,7:0.07,33:3.33,60:5")
        var generator = SplitMix(state: 28)
        // 37 is prime to 81, so the first 81 runs visit every temperature once.
        let temperatures = (0..<200).map { ($0 * 37) % 81 - 20 }
        let runs = temperatures.map { temperature in
            FilterLife.Run(hundredthsOfHours: Int(generator.next() % 2401), factor: chart.factor(at: temperature))
        }
        #expect(Set(temperatures).count == 81)
        let filterTenths = 14_000
        let life = FilterLife(filterTenthsOfHours: filterTenths, runs: runs)

        // The same sum in other orders is the same sum.
        #expect(FilterLife(filterTenthsOfHours: filterTenths, runs: runs.reversed()) == life)
        #expect(FilterLife(filterTenthsOfHours: filterTenths, runs: runs.shuffled(using: &generator)) == life)

        // Each prefix uses no less than the one before; remaining is the filter
        // less used, since ⌊10F − x⌋ = 10F − ⌈x⌉ for a whole 10F.
        var previous = FilterLife(filterTenthsOfHours: filterTenths, runs: [])
        var approximate = 0.0
        for count in 1...runs.count {
            let prefix = FilterLife(filterTenthsOfHours: filterTenths, runs: Array(runs[..<count]))
            #expect(prefix.usedHundredthsRoundedUp >= previous.usedHundredthsRoundedUp)
            #expect(prefix.remainingPercentRoundedDown! <= previous.remainingPercentRoundedDown!)
            #expect(prefix.remainingHundredthsRoundedDown == 10 * filterTenths - prefix.usedHundredthsRoundedUp)

            // This file's own factor, as a Double bound only.
            let factor = interpolated(points, at: temperatures[count - 1])
            approximate += Double(runs[count - 1].hundredthsOfHours) * Double(factor.denominator) / Double(factor.numerator)
            let used = Double(prefix.usedHundredthsRoundedUp)
            #expect(used >= approximate - 1e-6 * approximate && used < approximate + 1 + 1e-6 * approximate)
            if Swift.abs(approximate - approximate.rounded()) > 1e-6 * approximate {
                #expect(prefix.usedHundredthsRoundedUp == Int(approximate.rounded(.up)))
            }
            let percent = 100 * (10 * Double(filterTenths) - approximate) / (10 * Double(filterTenths))
            #expect(Double(prefix.remainingPercentRoundedDown!) <= percent + 1e-6)
            #expect(Double(prefix.remainingPercentRoundedDown!) > percent - 1 - 1e-6)
            #expect(prefix.isExhausted == (approximate >= 10 * Double(filterTenths)))
            previous = prefix
        }
        #expect(life == previous)
        #expect(life.hoursRunHundredths == runs.reduce(0) { $0 + $1.hundredthsOfHours })
        // The log runs the filter past its life, so both signs were exercised.
        #expect(life.isExhausted == true)
        #expect(life.remainingPercentRoundedDown! < 0)
    }

    @Test("huge values stay exact where the answer fits, and saturate rather than trap where it does not")
    func extremes() {
        // Int.max hundredths at Int.max/1 is 1 hundredth; at Int.max/(Int.max − 1) it is
        // Int.max − 1, over a product past 2¹²⁶: used is exactly Int.max, the hours saturate.
        let huge = FilterLife(filterTenthsOfHours: nil, runs: [run(Int.max, Int.max), run(Int.max, Int.max, Int.max - 1)])
        #expect(huge.usedHundredthsRoundedUp == Int.max)
        #expect(huge.hoursRunHundredths == Int.max)
        // Int.max − 1 hundredths at (Int.max − 1)/3 is 3 hundredths: 1 + 3 = 4 of the 10, 6 left, 60 %.
        let exact = FilterLife(filterTenthsOfHours: 1, runs: [run(Int.max, Int.max), run(Int.max - 1, Int.max - 1, 3)])
        #expect(exact.usedHundredthsRoundedUp == 4)
        #expect(exact.remainingHundredthsRoundedDown == 6)
        #expect(exact.remainingPercentRoundedDown == 60)
        #expect(exact.isExhausted == false)
        #expect(exact.hoursRunHundredths == Int.max)
        // 3·Int.max hundredths used of a 0.1 h filter: every result saturates.
        let saturated = FilterLife(filterTenthsOfHours: 1, runs: [run(Int.max), run(Int.max), run(1, 1, Int.max)])
        #expect(saturated.hoursRunHundredths == Int.max)
        #expect(saturated.usedHundredthsRoundedUp == Int.max)
        #expect(saturated.remainingHundredthsRoundedDown == -Int.max)
        #expect(saturated.remainingPercentRoundedDown == -Int.max)
        #expect(saturated.isExhausted == true)
    }
}
