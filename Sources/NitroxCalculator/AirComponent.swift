/// A component of breathing air that a standard limits, in the order a
/// verdict lists the failed ones.
public enum AirComponent: String, Sendable, CaseIterable {
    case oxygen = "o2"
    case carbonDioxide = "co2"
    case carbonMonoxide = "co"
    case oil
    case water

    /// The component as a person reads it: `O2`, `CO2`, `CO`, `oil`, `water`.
    public var displayName: String {
        switch self {
        case .oxygen: "O2"
        case .carbonDioxide: "CO2"
        case .carbonMonoxide: "CO"
        case .oil: "oil"
        case .water: "water"
        }
    }
}
