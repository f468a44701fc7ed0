import NitroxCalculator

/// The fill-station checks on a cylinder before a fill is recorded or a blend
/// planned: retired, out of test, over-pressured, or not oxygen-clean for a
/// rich mix or for pure oxygen through the valve.
///
/// Each check applies only when the register knows the fact; what it does
/// not know is reported, so that the blender checks it by hand.
public struct FillCheck: Sendable, Equatable {
    public enum Rule: Sendable, Hashable, CaseIterable {
        case retired, hydrostaticTest, visualInspection, workingPressure, oxygenService
    }

    /// A check that failed, with a message that says what to do.
    public struct Refusal: Sendable, Equatable {
        public let rule: Rule
        public let message: String
    }

    /// The checks that refuse the fill.
    public var failures: [Refusal] = []
    /// Their messages.
    public var refusals: [String] { failures.map(\.message) }
    /// Facts the register does not know.
    public var unknownFacts: [String] = []
    /// The `cylinder edit` options that would record each unknown fact.
    private var unknownOptions: [String] = []

    /// Runs the checks in `rules`. `addsPureOxygen` is for a partial-pressure
    /// blend, which needs an oxygen-clean cylinder whatever the final mix.
    public init(cylinder: Cylinder, mix: GasMix, pressure: Pressure?, date: CivilDate, settings: LogbookSettings,
                rules: Set<Rule> = Set(Rule.allCases), addsPureOxygen: Bool = false) {
        let name = quoted(cylinder.name)
        if rules.contains(.retired), let retiredAt = cylinder.retiredAt {
            let reason = cylinder.retiredReason.map { " (\($0))" } ?? ""
            failures.append(Refusal(rule: .retired, message: "cylinder \(name) was retired on \(LocalTime.dateText(ofStored: retiredAt))\(reason) and cannot be filled; use another cylinder"))
        }

        for (rule, inspection, last, due, interval, option) in [
            (Rule.hydrostaticTest, "hydrostatic test", cylinder.hydroDate, cylinder.hydroDue(settings), "\(settings.hydroIntervalMonths / 12) years", "--hydro"),
            (.visualInspection, "visual inspection", cylinder.visualDate, cylinder.visualDue(settings), "\(settings.visualIntervalMonths) months", "--visual"),
        ] where rules.contains(rule) {
            guard let last, let due else {
                unknownFacts.append("its last \(inspection)")
                unknownOptions.append("\(option) DATE")
                continue
            }
            if date > due {
                failures.append(Refusal(rule: rule, message: "the \(inspection) of cylinder \(name) (\(last.iso8601)) expired after \(due.iso8601) (every \(interval)); "
                    + "have it inspected and record the date with: " + CommandHint.command("cylinder edit", cylinder: cylinder.name, options: "\(option) DATE")))
            }
        }

        if rules.contains(.workingPressure), let pressure {
            if let workingPressure = cylinder.workingPressure {
                let limit = Pressure(bar: workingPressure.bar * Rational(100 + settings.overfillMarginPercent, 100))
                if pressure > limit {
                    let margin = settings.overfillMarginPercent == 0 ? "" : " plus \(settings.overfillMarginPercent)%"
                    failures.append(Refusal(rule: .workingPressure, message: "fill pressure \(pressure.displayText(in: settings.unit)) is above the working pressure of cylinder \(name), "
                        + "\(workingPressure.displayText(in: settings.unit))\(margin); fill to at most \(limit.displayText(in: settings.unit))"))
                }
            } else {
                unknownFacts.append("its working pressure")
                unknownOptions.append("--working-pressure PRESSURE")
            }
        }

        let threshold = Rational(settings.oxygenCleanAbovePermille, 10).decimalString(maximumFractionDigits: 1)
        let oxygenNeed = addsPureOxygen ? "pure oxygen passes through its valve"
            : mix.oxygenPermille > settings.oxygenCleanAbovePermille ? "\(mix.label) is above \(threshold)% O2" : nil
        if rules.contains(.oxygenService), let oxygenNeed {
            switch cylinder.isOxygenClean {
            case false?:
                failures.append(Refusal(rule: .oxygenService, message: "cylinder \(name) is not oxygen-clean and \(oxygenNeed); "
                    + "use an oxygen-clean cylinder, or once it is cleaned mark it with: " + CommandHint.command("cylinder edit", cylinder: cylinder.name, options: "--o2-clean")))
            case nil:
                unknownFacts.append("whether it is oxygen-clean (\(oxygenNeed))")
                unknownOptions.append("--o2-clean|--no-o2-clean")
            case true?:
                break
            }
        }
    }

    /// One warning line for what the register does not know, if anything.
    public func warning(for cylinder: String) -> String? {
        guard !unknownFacts.isEmpty else { return nil }
        return "cylinder \(quoted(cylinder)): the register does not know " + unknownFacts.joined(separator: ", ")
            + "; check by hand, and record what you find with: "
            + CommandHint.command("cylinder edit", cylinder: cylinder, options: unknownOptions.joined(separator: " "))
    }
}
