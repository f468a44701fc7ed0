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
}
