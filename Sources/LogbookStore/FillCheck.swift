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

    /// Runs every check. `addsPureOxygen` is for a partial-pressure blend,
    /// which needs an oxygen-clean cylinder whatever the final mix.
    public init(
        cylinder: Cylinder, mix: GasMix, pressure: Pressure?, date: CivilDate, settings: LogbookSettings,
        addsPureOxygen: Bool = false
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

        let need: OxygenNeed? =
            addsPureOxygen
            ? .pureOxygenThroughValve
            : mix.oxygenPermille > settings.oxygenCleanAbovePermille
                ? .richMix(mix, thresholdPermille: settings.oxygenCleanAbovePermille) : nil
        if let need {
            switch cylinder.isOxygenClean {
            case false?: failures.append(.notOxygenClean(need))
            case nil: unknownFacts.append(.oxygenClean(need))
            case true?: break
            }
        }
    }

    /// The refusal these checks make of `cylinder`, stated in `unit`; `nil`
    /// when every check passed.
    public func refusal(of cylinder: Cylinder, unit: UnitSystem) -> FillRefusal? {
        failures.isEmpty ? nil : FillRefusal(cylinder: cylinder.name, rules: failures, unit: unit)
    }
}
