import NitroxCalculator

/// What is wrong with an imported row's cell, as facts: the core words them.
public enum ImportCellProblem: Sendable, Equatable {
    /// The value breaks the field's rules.
    case field(FieldError)
    /// The cell is empty, and the column needs a value.
    case required
    /// The fill is dated after the latest time the core allows now.
    case inFuture
    /// `voided_by` is given for a fill that is not void.
    case voidedByWithoutVoid
    /// The label's O2 is neither reading: `o2`'s nor `diver_o2`'s (`nil` when empty).
    case labelOxygen(oxygen: String, diverOxygen: String?)
    /// The label's helium is neither reading: `he`'s nor `diver_he`'s cell (`nil` when empty).
    case labelHelium(helium: String, diverHelium: String?)
    /// An O2 and helium pair that is not a mix.
    case notAMix(withHelium: Bool)
    /// Some of the start columns are given, not all.
    case partialStart
    /// A top-off that is not 21 to 99.9 % O2.
    case topOff
    /// The start is above the fill's pressure, in bar.
    case startAbovePressure(bar: String)
    /// The calculator labels `mix` otherwise.
    case label(mix: GasMix, calculated: String)
    /// The calculator gives another MOD for the gas, ppO₂ and rounding.
    case depth(calculated: Int, mix: GasMix, partialPressure: OxygenPartialPressure, rounding: DepthRounding)
    /// Any other failure to read the cell, as the error reports it.
    case unreadable(String)
}
