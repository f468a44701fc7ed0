/// The litres of oxygen, helium and top-off gas that a fill put into a
/// cylinder, from the water volume and the pressures before and after: what
/// a fill station bills.
///
/// Each component's quantity at a gauge pressure P is V·P·x litres at 1 bar
/// (ideal gas), or V·P·x / Z(P, mix) with Subsurface's compressibility
/// factor for the whole mix (real gas). With Δx a component's quantity
/// after the fill less before, and tₒ, tₙ the top-off's O2 and nitrogen:
///
///     helium  H = Δhe
///     top-off T = Δn / tₙ
///     oxygen  O = Δo − T·tₒ
///
/// The analyser is trusted to 1 point of O2 and 2 of helium, so an amount a
/// little below zero is zero: helium down to −2 % of the final quantity,
/// oxygen and top-off down to −1 %. After that the top-off is what went in
/// less O and H, so that the three add up. Anything more negative means the
/// start cannot give the mix by adding gas: the cylinder was bled first.
///
/// Quantities are whole units of 10⁻⁷ litre (centilitres × centibar ×
/// permille), exact for the ideal gas; the real gas's quantities are rounded
/// to that unit once, and everything after is exact integer arithmetic.
public struct FillGasUse: Sendable, Equatable {
    /// How a gauge reading becomes a quantity of gas.
    public enum Model: String, Sendable, CaseIterable {
        /// Z = 1.
        case ideal
        /// Subsurface's virial fit, as `blend --real-gas` uses it.
        case real
    }

    /// Why no amounts come out.
    public enum Failure: Error, Equatable, Sendable {
        /// An amount is more negative than the analysers' tolerance allows:
        /// adding oxygen, helium and top-off to the start cannot give the mix.
        case startCannotGiveMix
    }

    /// Litres of pure oxygen added, exactly.
    public let oxygen: Rational
    /// Litres of helium added, exactly.
    public let helium: Rational
    /// Litres of top-off gas added, exactly.
    public let topOff: Rational

    /// One unit of quantity in litres: centilitres × centibar × permille.
    static let unitsPerLitre = 10_000_000

    /// The gas a fill of `volume` from `start` at `startPressure` to `mix` at
    /// `pressure` used, topped off with a gas of `topOffOxygenPermille` O2 and
    /// no helium (which must be below 1000).
    public init(
        volume: CylinderVolume, start: GasMix, startPressure: Pressure, mix: GasMix, pressure: Pressure,
        topOffOxygenPermille: Int, model: Model
    ) throws(Failure) {
        precondition(topOffOxygenPermille < 1000, "a top-off with no nitrogen cannot be billed")
        let before = Quantities(volume: volume, mix: start, pressure: startPressure, model: model)
        let after = Quantities(volume: volume, mix: mix, pressure: pressure, model: model)
        // Every amount is an integer once scaled by 1000 × the top-off's nitrogen permille
        // (T = Δn·1000/tₙ); 128 bits hold the products for any cylinder.
        let nitrogenPermille = Int128(1000 - topOffOxygenPermille)
        let scale = 1000 * nitrogenPermille
        let total = Int128(after.total) * scale
        let addedHelium = Int128(after.helium - before.helium) * scale
        let addedTopOff = Int128(after.nitrogen - before.nitrogen) * 1000 * 1000
        let addedOxygen =
            Int128(after.oxygen - before.oxygen) * scale - Int128(after.nitrogen - before.nitrogen) * 1000 * Int128(topOffOxygenPermille)

        /// Zero for an amount within `percent` of the final quantity below zero.
        func clamped(_ amount: Int128, percent: Int128) throws(Failure) -> Int128 {
            guard amount < 0 else { return amount }
            guard -amount * 100 <= total * percent else { throw .startCannotGiveMix }
            return 0
        }
        let helium = try clamped(addedHelium, percent: 2)
        let oxygen = try clamped(addedOxygen, percent: 1)
        _ = try clamped(addedTopOff, percent: 1)
        // What went in, all components together, less the oxygen and helium.
        let topOff = try clamped(Int128(after.total - before.total) * scale - oxygen - helium, percent: 1)
        /// Litres, exactly: the scaled amount over the scale and the units per litre.
        func litres(_ amount: Int128) -> Rational {
            let divisor = scale * Int128(FillGasUse.unitsPerLitre)
            let common = FillGasUse.gcd(amount, divisor)
            return Rational(Int(amount / common), Int(divisor / common))
        }
        self.oxygen = litres(oxygen)
        self.helium = litres(helium)
        self.topOff = litres(topOff)
    }

    private static func gcd(_ a: Int128, _ b: Int128) -> Int128 {
        var (a, b) = (a.magnitude, b.magnitude)
        while b != 0 { (a, b) = (b, a % b) }
        return a == 0 ? 1 : Int128(a)
    }

    /// A cylinder's contents, component by component, in units of 10⁻⁷ litre at 1 bar.
    struct Quantities {
        let oxygen, helium, nitrogen: Int
        var total: Int { oxygen + helium + nitrogen }

        init(volume: CylinderVolume, mix: GasMix, pressure: Pressure, model: Model) {
            let nitrogenPermille = 1000 - mix.oxygenPermille - mix.heliumPermille
            let fullPermille = volume.centilitres * pressure.centibar
            switch model {
            case .ideal:
                oxygen = fullPermille * mix.oxygenPermille
                helium = fullPermille * mix.heliumPermille
                nitrogen = fullPermille * nitrogenPermille
            case .real:
                let z = GasCompressibility.z(
                    oxygen: Double(mix.oxygenPermille) / 1000, helium: Double(mix.heliumPermille) / 1000,
                    bar: Double(pressure.centibar) / 100)
                func quantity(_ permille: Int) -> Int { Int((Double(fullPermille * permille) / z).rounded()) }
                oxygen = quantity(mix.oxygenPermille)
                helium = quantity(mix.heliumPermille)
                nitrogen = quantity(nitrogenPermille)
            }
        }
    }
}
