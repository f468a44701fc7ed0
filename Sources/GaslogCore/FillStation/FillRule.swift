import LogbookStore
import NitroxCalculator

/// A fill-station rule that refuses a fill or a blend plan, with the facts
/// that broke it. Everything about a rule is stated here, once: its code
/// for machines, its words, the input it is about, what a person does about
/// it, and its check (below, in the order a refusal lists the rules). A new
/// rule is a case here and its lines in the check of the facts it reads;
/// ``FillCheck``, ``CompressorCheck`` and ``FillRules`` only run the checks.
public enum FillRule: Sendable, Equatable {
    /// The cylinder was retired at that time, for that reason.
    case retired(at: Timestamp, reason: String?)
    /// The last hydrostatic test is older than its interval.
    case hydrostaticTestExpired(last: CivilDate, due: CivilDate, intervalMonths: Int)
    /// The last visual inspection is older than its interval.
    case visualInspectionExpired(last: CivilDate, due: CivilDate, intervalMonths: Int)
    /// The fill pressure is above the working pressure plus the allowed margin.
    case overPressure(pressure: Pressure, workingPressure: Pressure, marginPercent: Int, limit: Pressure)
    /// The cylinder is not oxygen-clean, and the gas needs it to be.
    case notOxygenClean(OxygenNeed)
    /// The compressor that made the air is retired.
    case compressorRetired(compressor: String, at: Timestamp, reason: String?)
    /// The compressor's latest air test before the fill failed these components.
    case airTestFailed(compressor: String, testedAt: Timestamp, failed: [AirComponent])
    /// The compressor's latest air test is older than its interval on the fill's date.
    case airTestOverdue(compressor: String, last: CivilDate, due: CivilDate, intervalMonths: Int)
    /// The compressor's filter has no life left: `remaining` hours, rounded down, at most 0.
    case filterExhausted(compressor: String, remainingHundredths: Int)
    /// The fill used no compressor, yet its gas has nitrogen while a default compressor is set.
    case compressorRequired(defaultCompressor: String)

    /// A rule's stable name, as an error's `rules` and a warning's list it.
    private enum Code: String, CaseIterable {
        case retired
        case hydroExpired = "hydro_expired"
        case visualExpired = "visual_expired"
        case overPressure = "over_pressure"
        case notOxygenClean = "not_oxygen_clean"
        case compressorRetired = "compressor_retired"
        case airTestFailed = "air_test_failed"
        case airTestOverdue = "air_test_overdue"
        case filterExhausted = "filter_exhausted"
        case compressorRequired = "compressor_required"
    }

    /// What a person does about a refusal: the advice, naming inputs as
    /// data, and the command that records the fix, when one does.
    public struct Remedy: Sendable {
        /// What to do (`have it inspected and record the date`).
        public let advice: FieldMessage
        /// The command that records the fix (`cylinder edit`), if any.
        public let command: String?
        /// The cylinder or compressor the command is about.
        public let subject: String
        /// The command's options (`--hydro DATE`).
        public let options: String

        /// `advice`, then `command` about `subject` with `options`, when a command records the fix.
        init(_ advice: [FieldMessage.Part], command: String? = nil, subject: String = "", options: String = "") {
            self.advice = FieldMessage(advice)
            self.command = command
            self.subject = subject
            self.options = options
        }
    }

    /// Every rule's code, in the order of the cases: the API's document lists them.
    public static var codes: [String] { Code.allCases.map(\.rawValue) }

    /// The rule's stable name: `retired`, `hydro_expired`, `over_pressure`…
    public var code: String {
        let code: Code =
            switch self {
            case .retired: .retired
            case .hydrostaticTestExpired: .hydroExpired
            case .visualInspectionExpired: .visualExpired
            case .overPressure: .overPressure
            case .notOxygenClean: .notOxygenClean
            case .compressorRetired: .compressorRetired
            case .airTestFailed: .airTestFailed
            case .airTestOverdue: .airTestOverdue
            case .filterExhausted: .filterExhausted
            case .compressorRequired: .compressorRequired
            }
        return code.rawValue
    }

    /// The input a rule is about, where a form places its refusal: the
    /// cylinder, its pressure, its O2, or the compressor that made the air.
    public var field: String {
        switch self {
        case .overPressure: "pressure"
        case .notOxygenClean: "o2"
        case .retired, .hydrostaticTestExpired, .visualInspectionExpired: "cylinder"
        case .compressorRetired, .airTestFailed, .airTestOverdue, .filterExhausted, .compressorRequired: "compressor"
        }
    }

    /// The broken rule in plain words, pressures in `unit`.
    public func description(cylinder: String, unit: UnitSystem) -> String {
        let name = quoted(cylinder)
        switch self {
        case .retired(let at, let reason):
            return "cylinder \(name) was retired on \(LocalTime.date(of: at).iso8601)\(reason.map { " (\($0))" } ?? "") and cannot be filled"
        case .hydrostaticTestExpired(let last, let due, let months):
            return "the hydrostatic test of cylinder \(name) (\(last.iso8601)) expired after \(due.iso8601) (every \(months / 12) years)"
        case .visualInspectionExpired(let last, let due, let months):
            return "the visual inspection of cylinder \(name) (\(last.iso8601)) expired after \(due.iso8601) (every \(months) months)"
        case .overPressure(let pressure, let workingPressure, let margin, let limit):
            return "fill pressure \(pressure.displayText(in: unit)) is above the working pressure of cylinder \(name), "
                + "\(workingPressure.displayText(in: unit))\(margin == 0 ? "" : " plus \(margin)%"); fill to at most \(limit.displayTextRoundedDown(in: unit))"
        case .notOxygenClean(.decantsOxygen(let litres)):
            return "cylinder \(name) is not oxygen-clean, and this fill decants pure oxygen into it\(OxygenNeed.litresText(litres))"
        case .notOxygenClean(let need):
            return "cylinder \(name) is not oxygen-clean and \(need)"
        case .compressorRetired(let compressor, let at, let reason):
            return "compressor \(quoted(compressor)) was retired on \(LocalTime.date(of: at).iso8601)\(reason.map { " (\($0))" } ?? "")"
        case .airTestFailed(let compressor, let testedAt, let failed):
            return "the air of compressor \(quoted(compressor)) failed its test of \(LocalTime.date(of: testedAt).iso8601) "
                + "(\(failed.map(\.displayName).joined(separator: ", ")) outside \(BreathingAirStandard.name))"
        case .airTestOverdue(let compressor, let last, let due, let months):
            return
                "the air test of compressor \(quoted(compressor)) (\(last.iso8601)) expired after \(due.iso8601) (every \(months == 1 ? "month" : "\(months) months"))"
        case .filterExhausted(let compressor, let remaining):
            return "the filter of compressor \(quoted(compressor)) is exhausted: "
                + "\(Rational(remaining, 100).decimalString(maximumFractionDigits: 2)) hours left"
        case .compressorRequired(let defaultCompressor):
            return "this fill used no compressor, yet its gas holds nitrogen and the default compressor is \(quoted(defaultCompressor)): "
                + "its air came from somewhere (a bought air bank, a membrane)"
        }
    }

    /// What a person does about the rule, when refused a fill of
    /// `cylinder`; `nil` when only a lower pressure helps, which the words say.
    public func remedy(cylinder: String) -> Remedy? {
        switch self {
        case .retired:
            Remedy([.text("use another cylinder")])
        case .hydrostaticTestExpired:
            Remedy([.text("have it inspected and record the date")], command: "cylinder edit", subject: cylinder, options: "--hydro DATE")
        case .visualInspectionExpired:
            Remedy([.text("have it inspected and record the date")], command: "cylinder edit", subject: cylinder, options: "--visual DATE")
        case .overPressure:
            nil
        case .notOxygenClean:
            Remedy(
                [.text("use an oxygen-clean cylinder, or once it is cleaned mark it")], command: "cylinder edit", subject: cylinder,
                options: "--o2-clean")
        case .compressorRetired:
            Remedy([.text("fill from another compressor")])
        case .airTestFailed(let compressor, _, _), .airTestOverdue(let compressor, _, _, _):
            Remedy(
                [.text("have its air tested and record the result")], command: "compressor test", subject: compressor,
                options: "--o2 P --co2 PPM --co PPM --oil MG --water MG --pressure P")
        case .filterExhausted(let compressor, _):
            Remedy([.text("change the cartridge and record it")], command: "compressor filter", subject: compressor)
        case .compressorRequired:
            Remedy([
                .text("name the compressor with "), .field("compressor"),
                .text(", or say where the air came from in the override's reason"),
            ])
        }
    }

    // MARK: The checks

    /// What a check finds of one rule: broken, or a fact it needs that the
    /// register does not hold, which the blender then checks by hand.
    public enum Finding<Unknown: Sendable & Equatable>: Sendable, Equatable {
        /// The rule refuses.
        case broken(FillRule)
        /// The rule could not be checked without this fact.
        case unknown(Unknown)
    }

    /// The cylinder's rules for a fill of `mix` to `pressure` on `date`:
    /// retired, out of test, over-pressured, or not oxygen-clean for a rich
    /// mix or for `addedOxygen`, the pure oxygen that goes into it, if any.
    static func cylinderFindings(
        cylinder: Cylinder, mix: GasMix, pressure: Pressure?, date: CivilDate, settings: LogbookSettings, addedOxygen: OxygenNeed?
    ) -> [Finding<UnknownFact>] {
        var findings: [Finding<UnknownFact>] = []
        if let retiredAt = cylinder.retiredAt {
            findings.append(.broken(.retired(at: retiredAt, reason: cylinder.retiredReason)))
        }

        if let last = cylinder.hydroDate, let due = cylinder.hydroDue(settings) {
            if date > due {
                findings.append(.broken(.hydrostaticTestExpired(last: last, due: due, intervalMonths: settings.hydroIntervalMonths)))
            }
        } else {
            findings.append(.unknown(.hydrostaticTest))
        }
        if let last = cylinder.visualDate, let due = cylinder.visualDue(settings) {
            if date > due {
                findings.append(.broken(.visualInspectionExpired(last: last, due: due, intervalMonths: settings.visualIntervalMonths)))
            }
        } else {
            findings.append(.unknown(.visualInspection))
        }

        if let pressure {
            if let workingPressure = cylinder.workingPressure {
                let limit = Pressure(bar: workingPressure.bar * Rational(100 + settings.overfillMarginPercent, 100))
                if pressure > limit {
                    findings.append(
                        .broken(
                            .overPressure(
                                pressure: pressure, workingPressure: workingPressure,
                                marginPercent: settings.overfillMarginPercent, limit: limit)))
                }
            } else {
                findings.append(.unknown(.workingPressure))
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
            case false?: findings.append(.broken(.notOxygenClean(need)))
            case nil: findings.append(.unknown(.oxygenClean(need)))
            case true?: break
            }
        }
        return findings
    }

    /// The compressor whose checks a fill runs, and the refusal of a fill
    /// that says it used none when its air must have come from somewhere.
    /// A fill with no nitrogen (oxygen, heliox) never takes the default.
    static func compressorChoice(for request: FillRequest, settings: LogbookSettings) -> (name: CompressorName?, broken: [FillRule]) {
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

    /// The rules of the compressor that made a fill's air, as of the fill on
    /// `date`: retired, its latest air test failed or overdue, its filter exhausted.
    static func compressorFindings(_ status: CompressorStatus, date: CivilDate) -> [Finding<CompressorFact>] {
        var findings: [Finding<CompressorFact>] = []
        let compressor = status.compressor
        if let retiredAt = compressor.retiredAt {
            findings.append(.broken(.compressorRetired(compressor: compressor.name, at: retiredAt, reason: compressor.retiredReason)))
        }
        if let test = status.lastTest, let due = status.testDue {
            if !test.passed { findings.append(.broken(.airTestFailed(compressor: compressor.name, testedAt: test.at, failed: test.failed))) }
            if status.isTestOverdue(on: date) {
                findings.append(
                    .broken(
                        .airTestOverdue(
                            compressor: compressor.name, last: LocalTime.date(of: test.at), due: due, intervalMonths: status.airTestMonths)))
            }
        } else {
            findings.append(.unknown(.airTest))
        }
        if status.isFilterExhausted == true {
            findings.append(
                .broken(
                    .filterExhausted(compressor: compressor.name, remainingHundredths: status.filterLife.remainingHundredthsRoundedDown ?? 0)))
        } else if status.isFilterExhausted == nil {
            findings.append(.unknown(.filterHours))
        }
        return findings
    }
}
