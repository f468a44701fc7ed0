import NitroxCalculator

/// A fill or blend plan that the fill-station checks refuse: the cylinder,
/// and every rule that refused it, in the order the checks run.
public struct FillRefusal: Sendable, Equatable {
    /// The cylinder's name as the register writes it.
    public let cylinder: String
    /// Every rule that refused, never empty.
    public let rules: [FillRule]
    /// The unit the logbook states pressures in.
    public let unit: UnitSystem
    /// Whether a blend plan was refused, rather than a fill.
    public let isBlendPlan: Bool

    /// A refusal of `cylinder` by `rules`, stated in `unit`, of a blend
    /// plan when `isBlendPlan`, else of a fill.
    public init(cylinder: String, rules: [FillRule], unit: UnitSystem, isBlendPlan: Bool) {
        self.cylinder = cylinder
        self.rules = rules
        self.unit = unit
        self.isBlendPlan = isBlendPlan
    }
}
