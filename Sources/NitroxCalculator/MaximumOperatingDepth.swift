/// The deepest a mix may be breathed at a ppO₂ limit, in both unit systems.
///
/// metres = (ppO₂ / fO₂ − 1) × 10 and feet = metres × 3.3, each rounded from
/// the exact value: feet are never derived from rounded metres.
public struct MaximumOperatingDepth: Sendable, Hashable {
    /// The mix the MOD is for.
    public let mix: GasMix
    /// The ppO₂ limit the MOD is computed at.
    public let partialPressure: OxygenPartialPressure
    /// The rule the exact depths were rounded by.
    public let rounding: DepthRounding
    /// The MOD in whole metres.
    public let metres: Int
    /// The MOD in whole feet, rounded from the exact depth rather than from the metres.
    public let feet: Int

    /// Computes the MOD of `mix` at `partialPressure`, rounded by `rounding`.
    public init(mix: GasMix, partialPressure: OxygenPartialPressure, rounding: DepthRounding = .nearest) {
        self.mix = mix
        self.partialPressure = partialPressure
        self.rounding = rounding
        metres = rounding.apply(MaximumOperatingDepth.exactDepth(mix: mix, partialPressure: partialPressure, in: .metric))
        feet = rounding.apply(MaximumOperatingDepth.exactDepth(mix: mix, partialPressure: partialPressure, in: .imperial))
    }

    /// The depth, unrounded: (ppO₂ / fO₂ − 1) × depth per bar.
    public static func exactDepth(mix: GasMix, partialPressure: OxygenPartialPressure, in unit: UnitSystem) -> Rational {
        (partialPressure.bar / mix.oxygenFraction - Rational(1)) * unit.depthPerBar
    }

    /// The MOD in whole metres or feet.
    public func depth(in unit: UnitSystem) -> Int {
        switch unit {
        case .metric: metres
        case .imperial: feet
        }
    }
}
