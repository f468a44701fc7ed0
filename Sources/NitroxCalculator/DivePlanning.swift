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
    /// up (deeper is conservative for air tables) and never below 0. A depth
    /// where the mix is not breathable has no EAD: it is refused.
    public static func equivalentAirDepth(of mix: GasMix, at depth: Depth) throws(NotBreathable) -> Int {
        guard isBreathable(mix, at: depth) else { throw NotBreathable(mix: mix, depth: depth) }
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

    /// How a ppO₂ stands against the limits divers plan with.
    public enum OxygenExposure: Sendable, Equatable {
        /// At most 1.4 bar, the usual limit for the working part of a dive.
        case withinWorkingLimit
        /// Above 1.4 bar and at most 1.6 bar, the limit for decompression stops.
        case aboveWorkingLimit
        /// Above 1.6 bar: not breathable.
        case notBreathable
    }

    /// How the ppO₂ of `mix` at `depth` stands against 1.4 and 1.6 bar.
    public static func exposure(of mix: GasMix, at depth: Depth) -> OxygenExposure {
        let exact = partialPressure(of: mix, at: depth)
        if exact > OxygenPartialPressure.maximum.bar { return .notBreathable }
        if exact > OxygenPartialPressure.standard.bar { return .aboveWorkingLimit }
        return .withinWorkingLimit
    }

    /// A mix asked about at a depth where its ppO₂ exceeds 1.6 bar.
    public struct NotBreathable: Error, Sendable, Equatable {
        /// The mix.
        public let mix: GasMix
        /// The depth asked about.
        public let depth: Depth

        /// The refusal of `mix` at `depth`.
        public init(mix: GasMix, depth: Depth) {
            self.mix = mix
            self.depth = depth
        }

        /// The deepest whole depth, in the depth's unit, where the mix is
        /// still breathable: its MOD at 1.6, rounded down.
        public var deepestBreathable: Int {
            MaximumOperatingDepth(mix: mix, partialPressure: .maximum, rounding: .down).depth(in: depth.unit)
        }
    }

    /// `value` with exactly two decimals, rounded up: 1.4001 is `1.41`, 1.4 is `1.40`.
    public static func hundredthsRoundedUp(_ value: Rational) -> String {
        let hundredths = (value * Rational(100)).ceiling
        let fraction = hundredths % 100
        return "\(hundredths / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
    }
}
