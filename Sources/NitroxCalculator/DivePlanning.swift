/// The dive-planning sums a nitrox diver does before a dive, each exact and
/// rounded to the safe side, with the same 10 m / 33 ft per bar as the MOD.
public enum DivePlanning {
    /// The richest mix, in whole percent, whose MOD at `limit` reaches
    /// `depth`: fO₂ = ppO₂ / (depth / depth-per-bar + 1), rounded down and
    /// capped at 100. `nil` when even air is too rich for that depth.
    public static func bestMix(for depth: Depth, limit: OxygenPartialPressure) -> GasMix? {
        let percent = min((limit.bar / depth.absolutePressure * Rational(100)).floor, 100)
        return GasMix(oxygenPermille: percent * 10)
    }

    /// The depth at which air has the same nitrogen partial pressure:
    /// EAD = (D + depth-per-bar) × (1 − fO₂) / 0.79 − depth-per-bar, rounded
    /// up (deeper is conservative for air tables) and never below 0.
    public static func equivalentAirDepth(of mix: GasMix, at depth: Depth) -> Int {
        let perBar = depth.unit.depthPerBar
        let exact = (depth.value + perBar) * (Rational(1) - mix.oxygenFraction) / Rational(79, 100) - perBar
        return max(exact.ceiling, 0)
    }

    /// The ppO₂ breathed at `depth`, exactly: fO₂ × (depth / depth-per-bar + 1).
    public static func partialPressure(of mix: GasMix, at depth: Depth) -> Rational {
        mix.oxygenFraction * depth.absolutePressure
    }

    /// Whether the mix stays within the absolute 1.6 bar limit at `depth`.
    public static func isBreathable(_ mix: GasMix, at depth: Depth) -> Bool {
        partialPressure(of: mix, at: depth) <= OxygenPartialPressure.maximum.bar
    }

    /// `value` with exactly two decimals, rounded up: 1.4001 is `1.41`, 1.4 is `1.40`.
    public static func hundredthsRoundedUp(_ value: Rational) -> String {
        let hundredths = (value * Rational(100)).ceiling
        let fraction = hundredths % 100
        return "\(hundredths / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
    }
}
