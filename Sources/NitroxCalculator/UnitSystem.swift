/// The measurement system a depth or pressure is read and shown in.
///
/// Depth follows the diving convention of 10 m or 33 ft of sea water per bar,
/// so feet are exactly metres × 3.3 (not the 3.28084 of a tape measure).
public enum UnitSystem: String, Sendable, CaseIterable {
    case metric
    case imperial

    /// `m` or `ft`, as depths are written.
    public var depthSymbol: String {
        switch self {
        case .metric: "m"
        case .imperial: "ft"
        }
    }

    /// `bar` or `psi`, as pressures are written and read.
    public var pressureSymbol: String {
        switch self {
        case .metric: "bar"
        case .imperial: "psi"
        }
    }

    /// Depth of sea water that adds one bar of pressure.
    public var depthPerBar: Rational {
        switch self {
        case .metric: Rational(10)
        case .imperial: Rational(33)
        }
    }

    /// Accepts `metric` or `imperial`, in any case.
    public init?(name: String) {
        guard let unit = UnitSystem(rawValue: name.lowercased()) else { return nil }
        self = unit
    }
}
