import LogbookStore

/// The checks on the compressor that made a fill's air, as of the fill's
/// time, as ``FillRule/compressorFindings(_:date:)`` states them: the rules
/// broken, and the facts the register does not know, so that the blender
/// checks those by hand.
public struct CompressorCheck: Sendable, Equatable {
    /// The rules that refuse, in the order the checks run; empty when none does.
    public private(set) var failures: [FillRule] = []
    /// Facts the register does not know.
    public private(set) var unknownFacts: [CompressorFact] = []

    /// Runs every check on `status`, the compressor as of a fill on `date`.
    public init(_ status: CompressorStatus, date: CivilDate) {
        for finding in FillRule.compressorFindings(status, date: date) {
            switch finding {
            case .broken(let rule): failures.append(rule)
            case .unknown(let fact): unknownFacts.append(fact)
            }
        }
    }
}
