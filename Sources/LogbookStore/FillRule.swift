import NitroxCalculator

/// A fill-station rule that refuses a fill or a blend plan, with the facts
/// that broke it. Front ends put these into words; ``code`` names the rule
/// for machines.
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

    /// The rule's stable name: `retired`, `hydro_expired`, `visual_expired`,
    /// `over_pressure`, `not_oxygen_clean`, `compressor_retired`,
    /// `air_test_failed`, `air_test_overdue`, `filter_exhausted` or `compressor_required`.
    public var code: String {
        switch self {
        case .retired: "retired"
        case .hydrostaticTestExpired: "hydro_expired"
        case .visualInspectionExpired: "visual_expired"
        case .overPressure: "over_pressure"
        case .notOxygenClean: "not_oxygen_clean"
        case .compressorRetired: "compressor_retired"
        case .airTestFailed: "air_test_failed"
        case .airTestOverdue: "air_test_overdue"
        case .filterExhausted: "filter_exhausted"
        case .compressorRequired: "compressor_required"
        }
    }
}

/// Why a fill needs an oxygen-clean cylinder.
public enum OxygenNeed: Sendable, Equatable {
    /// The mix is richer than the oxygen-clean threshold (in tenths of a percent).
    case richMix(GasMix, thresholdPermille: Int)
    /// A blend plan puts pure oxygen through the valve.
    case pureOxygenThroughValve
    /// The fill decants pure oxygen into the cylinder: `litres` at 1 bar,
    /// when the register knows the volume.
    case decantsOxygen(litres: Rational?)
}

extension FillRule {
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
}

extension OxygenNeed: CustomStringConvertible {
    /// `EAN50 is above 40% O2`, or `pure oxygen passes through its valve`.
    public var description: String {
        switch self {
        case .richMix(let mix, let threshold):
            "\(mix.label) is above \(Rational(threshold, 10).decimalString(maximumFractionDigits: 1))% O2"
        case .pureOxygenThroughValve:
            "pure oxygen passes through its valve"
        case .decantsOxygen(let litres):
            "this fill decants pure oxygen into it\(OxygenNeed.litresText(litres))"
        }
    }

    /// ` (334 L)`: whole litres, a half up; empty when the volume is unknown.
    static func litresText(_ litres: Rational?) -> String {
        litres.map { " (\($0.scaledRounded(by: 1)) L)" } ?? ""
    }
}
