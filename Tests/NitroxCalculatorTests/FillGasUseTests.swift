import NitroxCalculator
import Testing

// Issue 27's litres of a fill, checked against the formulas as written
// out again here: exact fractions of this file's own for the ideal gas, and
// Subsurface's virial fits evaluated here, from the published coefficients, for
// the real gas. Nothing below asks the library how it computes.

/// A fraction of this file's own, kept in lowest terms with a positive denominator.
private struct Fraction: Equatable, Comparable, CustomStringConvertible {
    let numerator: Int
    let denominator: Int

    init(_ numerator: Int, _ denominator: Int = 1) {
        precondition(denominator != 0)
        func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? Swift.abs(a) : gcd(b, a % b) }
        let divisor = Swift.max(gcd(numerator, denominator), 1) * (denominator < 0 ? -1 : 1)
        self.numerator = numerator / divisor
        self.denominator = denominator / divisor
    }

    static func + (a: Fraction, b: Fraction) -> Fraction {
        Fraction(a.numerator * b.denominator + b.numerator * a.denominator, a.denominator * b.denominator)
    }
    static func - (a: Fraction, b: Fraction) -> Fraction { a + Fraction(-b.numerator, b.denominator) }
    static func * (a: Fraction, b: Fraction) -> Fraction { Fraction(a.numerator * b.numerator, a.denominator * b.denominator) }
    static func / (a: Fraction, b: Fraction) -> Fraction { Fraction(a.numerator * b.denominator, a.denominator * b.numerator) }
    static func < (a: Fraction, b: Fraction) -> Bool { a.numerator * b.denominator < b.numerator * a.denominator }
    static let zero = Fraction(0)

    var double: Double { Double(numerator) / Double(denominator) }
    var description: String { "\(numerator)/\(denominator)" }
}

/// The library's exact result, as one of this file's fractions.
private func fraction(_ value: Rational) -> Fraction { Fraction(value.numerator, value.denominator) }

/// The table's "334.18…": the exact litres to two decimals, halves up, by integer arithmetic.
private func hundredths(_ value: Rational) -> String {
    let exact = fraction(value)
    let scaled = (exact.numerator * 200 + exact.denominator) / (2 * exact.denominator)
    let cents = scaled % 100
    return "\(scaled / 100)." + (cents < 10 ? "0" : "") + "\(cents)"
}

/// One fill to bill, in the units the logbook stores: centilitres, centibar, permille.
private struct Fill: CustomStringConvertible, Sendable {
    var volumeCentilitres: Int
    var startCentibar: Int
    var start: (o2: Int, he: Int)
    var centibar: Int
    var mix: (o2: Int, he: Int)
    var topOffO2: Int = 210

    var description: String {
        "\(volumeCentilitres) cL from \(start.o2)/\(start.he) at \(startCentibar) cbar to \(mix.o2)/\(mix.he) at \(centibar) cbar, top-off \(topOffO2)"
    }

    func use(_ model: FillGasUse.Model) throws(FillGasUse.Failure) -> FillGasUse {
        try FillGasUse(
            volume: CylinderVolume(centilitres: volumeCentilitres),
            start: GasMix(oxygenPermille: start.o2, heliumPermille: start.he)!,
            startPressure: Pressure(centibar: startCentibar),
            mix: GasMix(oxygenPermille: mix.o2, heliumPermille: mix.he)!,
            pressure: Pressure(centibar: centibar), topOffOxygenPermille: topOffO2, model: model)
    }
}

/// What the "The litres added" and "Tolerance" say, for any number type.
private protocol Amount: Comparable {
    static func + (a: Self, b: Self) -> Self
    static func - (a: Self, b: Self) -> Self
    static func * (a: Self, b: Self) -> Self
    static func / (a: Self, b: Self) -> Self
    static var zero: Self { get }
    static func permille(_ value: Int) -> Self
}

extension Fraction: Amount {
    static func permille(_ value: Int) -> Fraction { Fraction(value, 1000) }
}

extension Double: Amount {
    static func permille(_ value: Int) -> Double { Double(value) / 1000 }
}

private struct Expected<N: Amount> {
    var oxygen: N, helium: N, topOff: N
}

/// The steps, literally: Δx per component; H = Δh, T = Δn / tₙ,
/// O = Δo − T·tₒ; helium down to −2 % and oxygen and top-off down to −1 % of
/// the final quantity count as 0, anything lower is refused; then the top-off
/// is the total added less O and H. `nil`: the start cannot give the mix.
private func expected<N: Amount>(
    _ fill: Fill, quantity: (_ centibar: Int, _ mix: (o2: Int, he: Int), _ componentPermille: Int) -> N
) -> Expected<N>? {
    let before = (
        o: quantity(fill.startCentibar, fill.start, fill.start.o2), h: quantity(fill.startCentibar, fill.start, fill.start.he),
        n: quantity(fill.startCentibar, fill.start, 1000 - fill.start.o2 - fill.start.he)
    )
    let after = (
        o: quantity(fill.centibar, fill.mix, fill.mix.o2), h: quantity(fill.centibar, fill.mix, fill.mix.he),
        n: quantity(fill.centibar, fill.mix, 1000 - fill.mix.o2 - fill.mix.he)
    )
    let final = after.o + after.h + after.n
    let addedHelium = after.h - before.h
    let addedTopOff = (after.n - before.n) / N.permille(1000 - fill.topOffO2)
    let addedOxygen = (after.o - before.o) - addedTopOff * N.permille(fill.topOffO2)
    func clamp(_ amount: N, percent: Int) -> N? {
        if !(amount < N.zero) { return amount }
        return amount < N.zero - final * N.permille(percent * 10) ? nil : N.zero
    }
    guard let helium = clamp(addedHelium, percent: 2), let oxygen = clamp(addedOxygen, percent: 1),
        clamp(addedTopOff, percent: 1) != nil
    else { return nil }
    let totalAdded = final - (before.o + before.h + before.n)
    guard let topOff = clamp(totalAdded - oxygen - helium, percent: 1) else { return nil }
    return Expected(oxygen: oxygen, helium: helium, topOff: topOff)
}

/// The ideal gas: V·P·x litres at 1 bar, exactly.
private func ideal(_ fill: Fill) -> Expected<Fraction>? {
    expected(fill) { centibar, _, permille in
        Fraction(fill.volumeCentilitres, 100) * Fraction(centibar, 100) * Fraction(permille, 1000)
    }
}

// Subsurface's virial fits, from core/gas-model.cpp, written out again.
private let oxygenFit = (-7.18092073703e-04, 2.81852572808e-06, -1.50290620492e-09)
private let nitrogenFit = (-2.19260353292e-04, 2.92844845532e-06, -2.07613482075e-09)
private let heliumFit = (4.87320026468e-04, -8.83632921053e-08, 5.33304543646e-11)

/// Z = 1 + Σ xᵢ·(c₁p + c₂p² + c₃p³), p in gauge bar clamped to 0…500.
private func compressibility(o2: Double, he: Double, bar: Double) -> Double {
    let p = Swift.min(Swift.max(bar, 0), 500)
    func excess(_ c: (Double, Double, Double)) -> Double { c.0 * p + c.1 * p * p + c.2 * p * p * p }
    return 1 + o2 * excess(oxygenFit) + he * excess(heliumFit) + (1 - o2 - he) * excess(nitrogenFit)
}

/// The real gas: V·P·x / Z(P, the whole mix).
private func real(_ fill: Fill) -> Expected<Double>? {
    expected(fill) { centibar, mix, permille in
        let bar = Double(centibar) / 100
        let z = compressibility(o2: Double(mix.o2) / 1000, he: Double(mix.he) / 1000, bar: bar)
        return Double(fill.volumeCentilitres) / 100 * bar * Double(permille) / 1000 / z
    }
}

/// Fills of every kind: nitrox and trimix, empty and part-full, air and nitrox top-offs, odd sizes and pressures.
private let fills: [Fill] = [
    Fill(volumeCentilitres: 1200, startCentibar: 5000, start: (210, 0), centibar: 20000, mix: (320, 0)),
    Fill(volumeCentilitres: 1200, startCentibar: 0, start: (210, 0), centibar: 20000, mix: (180, 450)),
    Fill(volumeCentilitres: 1200, startCentibar: 0, start: (210, 0), centibar: 20000, mix: (320, 0), topOffO2: 320),
    Fill(volumeCentilitres: 1110, startCentibar: 3000, start: (320, 0), centibar: 23200, mix: (360, 0)),
    Fill(volumeCentilitres: 1500, startCentibar: 7050, start: (210, 350), centibar: 23250, mix: (210, 350)),
    Fill(volumeCentilitres: 700, startCentibar: 2000, start: (500, 0), centibar: 20700, mix: (320, 0), topOffO2: 280),
    Fill(volumeCentilitres: 1000, startCentibar: 4000, start: (180, 450), centibar: 30000, mix: (150, 550)),
    Fill(volumeCentilitres: 2400, startCentibar: 1000, start: (1000, 0), centibar: 23000, mix: (400, 0), topOffO2: 320),
    Fill(volumeCentilitres: 1200, startCentibar: 20000, start: (210, 0), centibar: 23200, mix: (250, 0)),
    Fill(volumeCentilitres: 1200, startCentibar: 12000, start: (210, 0), centibar: 20000, mix: (210, 0)),
]

@Suite("FillGasUse: the litres of oxygen, helium and top-off a fill used (#27)")
struct FillGasUseTests {
    @Test("The issue's three check rows, 12 L, ideal gas, worked by hand")
    func checkRows() throws {
        // EAN 32 to 200 bar from 50 bar of air: Δo = 12·(200·0.32 − 50·0.21) = 642, Δn = 12·(200·0.68 − 50·0.79) = 1158;
        // T = 1158/0.79 = 115800/79 = 1465.82…, O = 642 − T·0.21 = 26400/79 = 334.18…
        let ean32 = try fills[0].use(.ideal)
        #expect(fraction(ean32.oxygen) == Fraction(26400, 79))
        #expect(fraction(ean32.helium) == .zero)
        #expect(fraction(ean32.topOff) == Fraction(115_800, 79))
        #expect(hundredths(ean32.oxygen) == "334.18")
        #expect(hundredths(ean32.topOff) == "1465.82")

        // Tx 18/45 to 200 bar from empty: H = 2400·0.45 = 1080; T = 2400·0.37/0.79 = 88800/79 = 1124.05…;
        // O = 2400·0.18 − T·0.21 = 432 − 18648/79 = 15480/79 = 195.95…
        let trimix = try fills[1].use(.ideal)
        #expect(fraction(trimix.oxygen) == Fraction(15480, 79))
        #expect(fraction(trimix.helium) == Fraction(1080))
        #expect(fraction(trimix.topOff) == Fraction(88800, 79))
        #expect(hundredths(trimix.oxygen) == "195.95")
        #expect(hundredths(trimix.topOff) == "1124.05")

        // EAN 32 from empty topped off with EAN 32: T = 2400·0.68/0.68 = 2400, O = 768 − 2400·0.32 = 0.
        let membrane = try fills[2].use(.ideal)
        #expect(fraction(membrane.oxygen) == .zero)
        #expect(fraction(membrane.helium) == .zero)
        #expect(fraction(membrane.topOff) == Fraction(2400))
    }

    @Test("Ideal gas: exactly the issue's formulas, computed here in exact fractions", arguments: fills)
    fileprivate func idealModel(fill: Fill) throws {
        let want = try #require(ideal(fill), "\(fill) should be billable")
        let got = try fill.use(.ideal)
        #expect(fraction(got.oxygen) == want.oxygen, "\(fill)")
        #expect(fraction(got.helium) == want.helium, "\(fill)")
        #expect(fraction(got.topOff) == want.topOff, "\(fill)")
        // The three add up to what went in: V·(P − P₀), all components together.
        #expect(
            fraction(got.oxygen) + fraction(got.helium) + fraction(got.topOff)
                == Fraction(fill.volumeCentilitres, 100) * Fraction(fill.centibar - fill.startCentibar, 100), "\(fill)")
    }

    @Test("Real gas: V·P·x / Z with Subsurface's Z evaluated here", arguments: fills)
    fileprivate func realModel(fill: Fill) throws {
        let want = try #require(real(fill), "\(fill) should be billable")
        let got = try fill.use(.real)
        // The library may round each quantity to 10⁻⁷ L; a millilitre's tolerance is far finer than billing needs.
        #expect(Swift.abs(fraction(got.oxygen).double - want.oxygen) < 1e-3, "\(fill): \(got.oxygen) vs \(want.oxygen)")
        #expect(Swift.abs(fraction(got.helium).double - want.helium) < 1e-3, "\(fill): \(got.helium) vs \(want.helium)")
        #expect(Swift.abs(fraction(got.topOff).double - want.topOff) < 1e-3, "\(fill): \(got.topOff) vs \(want.topOff)")
    }

    @Test("The real model is not the ideal one: helium compresses less, so 1080 ideal litres are fewer real ones")
    func realDiffersFromIdeal() throws {
        let trimix = try fills[1].use(.real)
        // Z(200 bar, 18/45) computed here; the helium is 2400·0.45 / Z.
        let z = compressibility(o2: 0.18, he: 0.45, bar: 200)
        #expect(z > 1)
        #expect(Swift.abs(fraction(trimix.helium).double - 1080 / z) < 1e-3)
        #expect(fraction(trimix.helium).double < 1079)
        // Air from 50 bar: the start is at another Z than the end.
        let ean32 = try fills[0].use(.real)
        let z50 = compressibility(o2: 0.21, he: 0, bar: 50), z200 = compressibility(o2: 0.32, he: 0, bar: 200)
        let total = 12 * 200 / z200 - 12 * 50 / z50
        #expect(Swift.abs(fraction(ean32.oxygen + ean32.helium + ean32.topOff).double - total) < 1e-3)
    }

    @Test("Z is clamped to the fit's 500 bar")
    func clampedPressure() throws {
        // The library refuses nothing above 500 bar itself; at 600 bar the quantity is V·P·x / Z(500).
        let fill = Fill(volumeCentilitres: 100, startCentibar: 0, start: (210, 0), centibar: 60000, mix: (210, 0))
        let got = try fill.use(.real)
        let z500 = compressibility(o2: 0.21, he: 0, bar: 500)
        #expect(Swift.abs(fraction(got.topOff).double - 600 / z500) < 1e-3)
    }

    @Test("A helium amount down to −2 % of the final quantity counts as 0")
    func heliumTolerance() throws {
        // Tx 18/45 at 190 bar to 18/42 at 200 bar, 12 L: Δh = 12·(200·0.42 − 190·0.45) = −18 L, above −2 %·2400 = −48.
        // Δo = 12·(36 − 34.2) = 21.6, Δn = 12·(80 − 70.3) = 116.4, T = 116.4/0.79, O = 21.6 − T·0.21 = −9.34… > −24: 0.
        // The top-off is then everything that went in: 12·10 = 120 L.
        let within = Fill(volumeCentilitres: 1200, startCentibar: 19000, start: (180, 450), centibar: 20000, mix: (180, 420))
        let got = try within.use(.ideal)
        #expect(fraction(got.helium) == .zero)
        #expect(fraction(got.oxygen) == .zero)
        #expect(fraction(got.topOff) == Fraction(120))
        // The same start to 18/40: Δh = 12·(80 − 85.5) = −66 < −48: the start cannot give the mix.
        let beyond = Fill(volumeCentilitres: 1200, startCentibar: 19000, start: (180, 450), centibar: 20000, mix: (180, 400))
        #expect(ideal(beyond) == nil)
        #expect(throws: FillGasUse.Failure.startCannotGiveMix) { try beyond.use(.ideal) }
        #expect(throws: FillGasUse.Failure.startCannotGiveMix) { try beyond.use(.real) }
    }

    @Test("An oxygen amount down to −1 % of the final quantity counts as 0; the top-off then makes up the rest")
    func oxygenTolerance() throws {
        // EAN 22 at 100 bar to air at 200 bar, 12 L: Δo = 504 − 264 = 240, Δn = 1896 − 936 = 960, T = 960/0.79,
        // O = 240 − T·0.21 = −15.19… > −24: 0; the top-off is all that went in, 1200 L.
        let within = Fill(volumeCentilitres: 1200, startCentibar: 10000, start: (220, 0), centibar: 20000, mix: (210, 0))
        let got = try within.use(.ideal)
        #expect(fraction(got.oxygen) == .zero)
        #expect(fraction(got.helium) == .zero)
        #expect(fraction(got.topOff) == Fraction(1200))
        // EAN 25 at 100 bar: O = 204 − 996·0.21/0.79 = −60.76… < −24.
        let beyond = Fill(volumeCentilitres: 1200, startCentibar: 10000, start: (250, 0), centibar: 20000, mix: (210, 0))
        #expect(ideal(beyond) == nil)
        #expect(throws: FillGasUse.Failure.startCannotGiveMix) { try beyond.use(.ideal) }
    }

    @Test("A top-off amount down to −1 % counts as 0; more negative is refused")
    func topOffTolerance() throws {
        // EAN 30 at 198 bar to EAN 31 at 200 bar, 12 L: Δn = 12·(138 − 138.6) = −7.2, T = −7.2/0.79 = −9.11… > −24: 0.
        // O = Δo − T·0.21 = 31.2 + 9.11…·0.21 = 33.11…, from the T before clamping; the top-off after clamping is
        // the 24 L that went in less O, −9.11…: below 0 by less than 1 %, so 0 too.
        let within = Fill(volumeCentilitres: 1200, startCentibar: 19800, start: (300, 0), centibar: 20000, mix: (310, 0))
        let got = try within.use(.ideal)
        let t = Fraction(-72, 10) / Fraction(79, 100)
        let o = Fraction(312, 10) - t * Fraction(21, 100)
        #expect(fraction(got.oxygen) == o)
        #expect(fraction(got.helium) == .zero)
        #expect(fraction(got.topOff) == .zero)
        // EAN 30 at 195 bar to EAN 34 at 200 bar: Δn = 12·(132 − 136.5) = −54, T = −68.35… < −24.
        let beyond = Fill(volumeCentilitres: 1200, startCentibar: 19500, start: (300, 0), centibar: 20000, mix: (340, 0))
        #expect(ideal(beyond) == nil)
        #expect(throws: FillGasUse.Failure.startCannotGiveMix) { try beyond.use(.ideal) }
    }

    @Test("From empty the start gas does not matter")
    func fromEmpty() throws {
        let air = Fill(volumeCentilitres: 1200, startCentibar: 0, start: (210, 0), centibar: 20000, mix: (180, 450))
        let oxygen = Fill(volumeCentilitres: 1200, startCentibar: 0, start: (1000, 0), centibar: 20000, mix: (180, 450))
        for model in FillGasUse.Model.allCases {
            #expect(try air.use(model) == oxygen.use(model))
        }
    }
}
