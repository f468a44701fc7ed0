/// The numbers that keep a dive on a mix with helium safe, each exact and
/// rounded to the safe side, with the same 10 m / 33 ft per bar as the MOD:
/// the minimum depth of a hypoxic mix, the equivalent narcotic depth, and
/// the gas density that limits the work of breathing.
public enum HeliumPlanning {
    /// Densities at 0 °C and 1 atm, in g/L: they overstate a warm gas
    /// slightly, on the safe side. GasPlanner uses the same values.
    static let oxygenDensity = Rational(1429, 1000)
    static let nitrogenDensity = Rational(1251, 1000)
    static let heliumDensity = Rational(1786, 10_000)

    /// Anthony and Mitchell (2016): CO₂ retention rises with gas density;
    /// 5.2 g/L is the recommended limit, 6.2 g/L the maximum.
    public static let recommendedDensity = Rational(52, 10)
    /// The maximum gas density, in g/L.
    public static let maximumDensity = Rational(62, 10)

    /// The shallowest whole depth, rounded up, at which the mix gives at
    /// least `minimum` bar of ppO₂: (ppO₂min / fO₂ − 1) × depth-per-bar.
    /// `nil` when the mix can be breathed at the surface.
    public static func minimumDepth(of mix: GasMix, minimum: Rational, in unit: UnitSystem) -> Int? {
        let exact = (minimum / mix.oxygenFraction - Rational(1)) * unit.depthPerBar
        return exact > Rational(0) ? exact.ceiling : nil
    }

    /// The depth at which air would be as narcotic, rounded up and never
    /// below 0. With oxygen counted as narcotic, (D + d)(1 − fHe) − d;
    /// otherwise only nitrogen counts: (D + d)·fN₂ / 0.79 − d, where d is
    /// the depth per bar.
    public static func equivalentNarcoticDepth(of mix: GasMix, at depth: Depth, oxygenIsNarcotic: Bool) -> Int {
        let perBar = depth.unit.depthPerBar
        let narcotic = oxygenIsNarcotic ? Rational(1) - mix.heliumFraction : mix.nitrogenFraction / Rational(79, 100)
        return max(((depth.value + perBar) * narcotic - perBar).ceiling, 0)
    }

    /// The density of the mix at `depth`, in g/L, exactly:
    /// (1.429·fO₂ + 1.251·fN₂ + 0.1786·fHe) × (D / d + 1).
    public static func density(of mix: GasMix, at depth: Depth) -> Rational {
        let surface = oxygenDensity * mix.oxygenFraction + nitrogenDensity * mix.nitrogenFraction + heliumDensity * mix.heliumFraction
        return surface * depth.absolutePressure
    }

    /// `value` with exactly one decimal, rounded up: 5.21 is `5.3`, 5 is `5.0`.
    public static func tenthsRoundedUp(_ value: Rational) -> String {
        let tenths = (value * Rational(10)).ceiling
        return "\(tenths / 10).\(tenths % 10)"
    }

    /// How a gas density stands against the limits.
    public enum DensityLevel: Sendable, Equatable {
        /// At most 5.2 g/L.
        case withinRecommended
        /// Above 5.2 g/L and at most 6.2 g/L.
        case aboveRecommended
        /// Above 6.2 g/L.
        case aboveMaximum
    }

    /// Where `density` stands against 5.2 and 6.2 g/L.
    public static func level(ofDensity density: Rational) -> DensityLevel {
        density > maximumDensity ? .aboveMaximum : density > recommendedDensity ? .aboveRecommended : .withinRecommended
    }

    /// The best trimix for a planned depth and a narcotic limit: the O2 of
    /// ``DivePlanning/bestMix(for:limit:)`` (the richest whole percent whose
    /// ppO₂ at the depth stays within `limit`), and just enough helium, in
    /// whole percent, that the END at the depth is at most `maximumEND`.
    /// Without helium needed it is the nitrox answer; a mix under 21% O2
    /// has at least 1% helium. `nil` when no mix reaches the depth.
    public static func bestMix(for depth: Depth, limit: OxygenPartialPressure, maximumEND: Rational, oxygenIsNarcotic: Bool) -> GasMix? {
        let oxygenPercent = min((limit.bar / depth.absolutePressure * Rational(100)).floor, 100)
        guard oxygenPercent >= 5 else { return nil }
        for heliumPercent in 0...(100 - oxygenPercent) {
            guard let mix = GasMix(oxygenPermille: oxygenPercent * 10, heliumPermille: heliumPercent * 10) else { continue }
            if Rational(equivalentNarcoticDepth(of: mix, at: depth, oxygenIsNarcotic: oxygenIsNarcotic)) <= maximumEND {
                return mix
            }
        }
        return nil
    }
}
