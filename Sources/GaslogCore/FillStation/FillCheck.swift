import LogbookStore
import NitroxCalculator

/// The fill-station checks on a cylinder before a fill is recorded or a blend
/// planned, as ``FillRule/cylinderFindings(cylinder:mix:pressure:date:settings:addedOxygen:)``
/// states them: the rules broken, and the facts the register does not know,
/// so that the blender checks those by hand.
public struct FillCheck: Sendable, Equatable {
    /// The rules that refuse, in the order the checks run; empty when none does.
    public private(set) var failures: [FillRule] = []
    /// Facts the register does not know.
    public private(set) var unknownFacts: [UnknownFact] = []

    /// Runs every check. `addedOxygen` is why pure oxygen goes into the
    /// cylinder, if it does: that needs an oxygen-clean cylinder whatever the
    /// final mix.
    public init(
        cylinder: Cylinder, mix: GasMix, pressure: Pressure?, date: CivilDate, settings: LogbookSettings,
        addedOxygen: OxygenNeed? = nil
    ) {
        for finding in FillRule.cylinderFindings(
            cylinder: cylinder, mix: mix, pressure: pressure, date: date, settings: settings, addedOxygen: addedOxygen)
        {
            switch finding {
            case .broken(let rule): failures.append(rule)
            case .unknown(let fact): unknownFacts.append(fact)
            }
        }
    }

    /// The refusal these checks make of `cylinder`, stated in `unit`, for a
    /// blend plan when `isBlendPlan`; `nil` when every check passed.
    public func refusal(of cylinder: Cylinder, unit: UnitSystem, isBlendPlan: Bool) -> FillRefusal? {
        failures.isEmpty ? nil : FillRefusal(cylinder: cylinder.name, rules: failures, unit: unit, isBlendPlan: isBlendPlan)
    }

    /// The pure oxygen a fill decants into a cylinder of `volume`, by
    /// ``AddedOxygen``'s rule: from its start when it gives one and a
    /// pressure, else from the blender's fractions and the top-off.
    public static func addedOxygen(by request: FillRequest, volume: CylinderVolume?) -> AddedOxygen? {
        if let start = request.start, let pressure = request.pressure {
            return AddedOxygen.decanted(
                volume: volume, start: start.mix, startPressure: start.pressure, mix: request.mix, pressure: pressure,
                topOffOxygenPermille: start.topOffOxygenPermille)
        }
        return AddedOxygen.decanted(mix: request.mix, topOffOxygenPermille: (request.topOff ?? .air).oxygenPermille)
    }
}
