import NitroxCalculator

/// A dive-planning question with no safe answer: the mix is not breathable
/// at the depth asked about, or no mix reaches the depth within the limits.
public enum PlanningRefusal: Sendable, Equatable {
    /// The mix's ppO₂ at `depth` is over the maximum: it has no EAD or END there.
    case notBreathable(mix: GasMix, depth: Depth)
    /// Even air is too rich for `depth` at ppO₂ `limit`.
    case noNitrox(depth: Depth, limit: OxygenPartialPressure)
    /// No trimix reaches `depth` at ppO₂ `limit` with an END of at most `maximumEND`.
    case noMix(depth: Depth, limit: OxygenPartialPressure, maximumEND: Depth)
}
