import LogbookStore
import NitroxCalculator

/// The fill-station checks on a cylinder before a fill is recorded or a blend
/// planned: retired, out of test, over-pressured, or not oxygen-clean for a
/// rich mix or for pure oxygen through the valve.
///
/// Each check applies only when the register knows the fact; what it does
/// not know is reported, so that the blender checks it by hand.
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
        if let retiredAt = cylinder.retiredAt {
            failures.append(.retired(at: retiredAt, reason: cylinder.retiredReason))
        }

        if let last = cylinder.hydroDate, let due = cylinder.hydroDue(settings) {
            if date > due {
                failures.append(.hydrostaticTestExpired(last: last, due: due, intervalMonths: settings.hydroIntervalMonths))
            }
        } else {
            unknownFacts.append(.hydrostaticTest)
        }
        if let last = cylinder.visualDate, let due = cylinder.visualDue(settings) {
            if date > due {
                failures.append(.visualInspectionExpired(last: last, due: due, intervalMonths: settings.visualIntervalMonths))
            }
        } else {
            unknownFacts.append(.visualInspection)
        }

        if let pressure {
            if let workingPressure = cylinder.workingPressure {
                let limit = Pressure(bar: workingPressure.bar * Rational(100 + settings.overfillMarginPercent, 100))
                if pressure > limit {
                    failures.append(
                        .overPressure(
                            pressure: pressure, workingPressure: workingPressure,
                            marginPercent: settings.overfillMarginPercent, limit: limit))
                }
            } else {
                unknownFacts.append(.workingPressure)
            }
        }

        // One need, so that a fill breaking both rules is refused once: a
        // blend plan names the valve, as it always has; a fill richer than
        // o2-clean-above keeps that rule's words, and a leaner one the oxygen it decants.
        let richMix: OxygenNeed? =
            mix.oxygenPermille > settings.oxygenCleanAbovePermille
            ? .richMix(mix, thresholdPermille: settings.oxygenCleanAbovePermille) : nil
        let need = addedOxygen == .pureOxygenThroughValve ? addedOxygen : richMix ?? addedOxygen
        if let need {
            switch cylinder.isOxygenClean {
            case false?: failures.append(.notOxygenClean(need))
            case nil: unknownFacts.append(.oxygenClean(need))
            case true?: break
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

    /// The compressor whose checks a fill runs, and the refusal of a fill
    /// that says it used none when its air must have come from somewhere.
    /// A fill with no nitrogen (oxygen, heliox) never takes the default.
    public static func compressor(for request: FillRequest, settings: LogbookSettings) -> (name: CompressorName?, failures: [FillRule]) {
        let hasNitrogen = request.mix.nitrogenPermille > 0
        switch request.compressor {
        case .named(let name)?:
            return (name, [])
        case .none?:
            guard hasNitrogen, let defaultCompressor = settings.defaultCompressor else { return (nil, []) }
            return (nil, [.compressorRequired(defaultCompressor: defaultCompressor.text)])
        case nil:
            return (hasNitrogen ? settings.defaultCompressor : nil, [])
        }
    }
}
