import NitroxCalculator
import Testing

/// An oracle written without `Rational`: with O2 in tenths of a percent (T)
/// and ppO2 in hundredths of a bar (P), metres = 10(10P − T)/T and
/// feet = 33(10P − T)/T exactly. For n ≥ 0, rounding n/d to the nearest
/// integer with halves going down is ⌊(2n + d − 1) / 2d⌋, and flooring is ⌊n/d⌋.
func oracleDepth(o2Permille t: Int, ppo2Centibar p: Int, depthPerBar: Int, roundingDown: Bool = false) -> Int {
    let numerator = depthPerBar * (10 * p - t)
    return roundingDown ? numerator / t : (2 * numerator + t - 1) / (2 * t)
}

@Suite("Maximum operating depth")
struct MaximumOperatingDepthTests {
    @Test(
        "The issue's examples",
        arguments: [
            ("air", "1.4", 57, 187), ("EAN 32", "1.4", 34, 111), ("EAN 32", "1.6", 40, 132),
            ("EAN 36", "1.6", 34, 114), ("EAN 50", "1.6", 22, 73), ("oxygen", "1.6", 6, 20),
            ("oxygen", "1.5", 5, 16), ("EAN 40", "1.4", 25, 82),
        ])
    func examples(gas: String, ppo2: String, metres: Int, feet: Int) throws {
        let depth = MaximumOperatingDepth(mix: try GasMix(parsing: gas), partialPressure: try OxygenPartialPressure(parsing: ppo2))
        #expect(depth.metres == metres)
        #expect(depth.feet == feet)
        #expect(depth.depth(in: .metric) == metres)
        #expect(depth.depth(in: .imperial) == feet)
    }

    @Test("Every O2 from 21 to 100 by tenths at every ppO2 from 1.00 to 1.60, both units, both roundings")
    func wholeGrid() {
        var checked = 0
        for t in 210...1000 {
            let mix = GasMix(oxygenPermille: t)!
            for p in 100...160 {
                let limit = OxygenPartialPressure(centibar: p)!
                let nearest = MaximumOperatingDepth(mix: mix, partialPressure: limit)
                let down = MaximumOperatingDepth(mix: mix, partialPressure: limit, rounding: .down)
                guard nearest.metres == oracleDepth(o2Permille: t, ppo2Centibar: p, depthPerBar: 10),
                    nearest.feet == oracleDepth(o2Permille: t, ppo2Centibar: p, depthPerBar: 33),
                    down.metres == oracleDepth(o2Permille: t, ppo2Centibar: p, depthPerBar: 10, roundingDown: true),
                    down.feet == oracleDepth(o2Permille: t, ppo2Centibar: p, depthPerBar: 33, roundingDown: true)
                else {
                    Issue.record("O2 \(t)‰ at ppO2 \(p): got \(nearest.metres) m / \(nearest.feet) ft")
                    continue
                }
                checked += 1
            }
        }
        #expect(checked == 791 * 61)
    }

    @Test("An exact half goes to the shallower depth")
    func tiesGoShallower() {
        // EAN 40 at 1.4 is 82.5 ft exactly; oxygen at 1.5 is 16.5 ft exactly.
        #expect(
            MaximumOperatingDepth.exactDepth(mix: GasMix(oxygenPermille: 400)!, partialPressure: .standard, in: .imperial)
                == Rational(165, 2))
        #expect(MaximumOperatingDepth(mix: GasMix(oxygenPermille: 400)!, partialPressure: .standard).feet == 82)
        // Binary floating point gets this one wrong, which is why it is not used.
        let floatingPoint: Double = (1.4 / 0.4 - 1.0) * 10.0 * 3.3
        #expect(floatingPoint != 82.5)
    }

    @Test("Feet come from exact metres, not from rounded metres")
    func feetFromExactMetres() {
        let depth = MaximumOperatingDepth(mix: GasMix(oxygenPermille: 320)!, partialPressure: .standard)
        #expect(depth.metres == 34)
        #expect(depth.feet == 111)
        #expect(depth.feet != Int((Double(depth.metres) * 3.3).rounded()))
    }
}

@Suite("Rational")
struct RationalTests {
    @Test func normalises() {
        #expect(Rational(6, -4) == Rational(-3, 2))
        #expect(Rational(0, 5) == Rational(0))
        #expect(Rational(6, -4).denominator == 2)
    }

    @Test func rounding() {
        #expect(Rational(5, 2).roundedHalfDown == 2)
        #expect(Rational(7, 2).roundedHalfDown == 3)
        #expect(Rational(26, 10).roundedHalfDown == 3)
        #expect(Rational(-5, 2).roundedHalfDown == -3)
        #expect(Rational(-7, 2).floor == -4)
        #expect(Rational(-7, 2).ceiling == -3)
        #expect(Rational(7, 2).ceiling == 4)
    }

    @Test func decimals() {
        #expect(Rational(325, 10).decimalString(maximumFractionDigits: 1) == "32.5")
        #expect(Rational(32).decimalString(maximumFractionDigits: 1) == "32")
        #expect(Rational(14, 10).decimalString(maximumFractionDigits: 2) == "1.4")
        #expect(Rational(1, 20).decimalString(maximumFractionDigits: 2) == "0.05")
        #expect(Rational.parseDecimal("32.5", maximumFractionDigits: 1) == Rational(65, 2))
        #expect(Rational.parseDecimal(".5", maximumFractionDigits: 1) == Rational(1, 2))
        for bad in ["", ".", "1.2.3", "1e1", "-1", "+1", "1,5", "nan", "inf", "١٢", "32.55", "99999999999999999999"] {
            #expect(Rational.parseDecimal(Substring(bad), maximumFractionDigits: 1) == nil, "\(bad)")
        }
    }
}
