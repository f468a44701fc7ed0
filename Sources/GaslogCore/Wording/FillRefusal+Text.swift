import LogbookStore

extension FillRefusal {
    /// Each rule in words, followed by what `remedy` says to do about it
    /// (a front end's hint; nothing by default), joined by "; ".
    public func rulesText(remedy: (FillRule) -> String = { _ in "" }) -> String {
        rules.map { $0.description(cylinder: cylinder, unit: unit) + remedy($0) }.joined(separator: "; ")
    }

    /// The refusal of a fill, or of a blend plan, with each rule and what
    /// `remedy` says about it.
    public func text(blend: Bool, remedy: (FillRule) -> String = { _ in "" }) -> String {
        (blend ? "blend refused: " : "fill refused: ") + rulesText(remedy: remedy)
    }
}

extension FillRule {
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
}
