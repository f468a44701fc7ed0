import LogbookStore

/// A register fact that a check needed and the register does not hold: the
/// blender checks it by hand.
public enum UnknownFact: Sendable, Equatable {
    /// The date of the last hydrostatic test.
    case hydrostaticTest
    /// The date of the last visual inspection.
    case visualInspection
    /// The cylinder's working pressure.
    case workingPressure
    /// Whether the cylinder is oxygen-clean, which this gas needs.
    case oxygenClean(OxygenNeed)
}

extension UnknownFact: CustomStringConvertible {
    /// The fact as a warning lists it: `its working pressure`.
    public var description: String {
        switch self {
        case .hydrostaticTest: "its last hydrostatic test"
        case .visualInspection: "its last visual inspection"
        case .workingPressure: "its working pressure"
        case .oxygenClean(let need): "whether it is oxygen-clean (\(need))"
        }
    }
}
