import LogbookStore
import NitroxCalculator

/// A fill-station rule that refuses a fill or a blend plan, with the facts
/// that broke it. Everything about a rule is stated here, once: its code
/// for machines, its words, the input it is about and what a person does
/// about it. A new rule is a case here, and its check where its facts are
/// read: ``FillCheck`` (the cylinder's), ``CompressorCheck`` (the
/// compressor's) or ``FillRules`` (anything else, through the transaction).
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
}
