/// How an exact depth limit becomes the whole number written on a tag.
public enum DepthRounding: String, Sendable, CaseIterable {
    /// The tutorial's rule: to the nearest unit, an exact half going shallower
    /// so that a tie never overstates the safe depth.
    case nearest
    /// Always shallower, as printed tables and Subsurface do.
    case down

    /// Rounds an exact depth to the whole number this rule writes on a tag.
    public func apply(_ exact: Rational) -> Int {
        switch self {
        case .nearest: exact.roundedHalfDown
        case .down: exact.floor
        }
    }
}
