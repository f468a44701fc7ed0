/// Why a fill's gas was not computed, so that only its fee is charged.
public enum UnpricedReason: String, Error, Sendable, CaseIterable {
    /// The fill did not give the pressure before it.
    case noStart = "no_start"
    /// The fill did not give its pressure.
    case noPressure = "no_pressure"
    /// The register has no water volume for the cylinder.
    case noVolume = "no_volume"
    /// An amount came out more negative than the analysers' tolerance: the
    /// start cannot give the mix by adding gas, so it was bled first.
    case startCannotGiveMix = "start_cannot_give_mix"

    /// The reason in plain words, naming no front end's controls.
    public var message: String {
        switch self {
        case .noStart: "the pressure before the fill was not given"
        case .noPressure: "the fill's pressure was not given"
        case .noVolume: "the register has no water volume for the cylinder"
        case .startCannotGiveMix:
            "the start cannot give this mix by adding oxygen, helium and top-off: give the pressure after the bleed as the start pressure"
        }
    }
}
