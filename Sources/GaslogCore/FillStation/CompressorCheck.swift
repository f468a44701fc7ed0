import LogbookStore

/// The checks on the compressor that made a fill's air, as of the fill's
/// time: retired, its latest air test failed or overdue, its filter
/// exhausted. What the register does not know is reported instead, so that
/// the blender checks it by hand.
public struct CompressorCheck: Sendable, Equatable {
    /// The rules that refuse, in the order the checks run; empty when none does.
    public private(set) var failures: [FillRule] = []
    /// Facts the register does not know.
    public private(set) var unknownFacts: [CompressorFact] = []

    /// Runs every check on `status`, the compressor as of a fill on `date`.
    public init(_ status: CompressorStatus, date: CivilDate) {
        let compressor = status.compressor
        if let retiredAt = compressor.retiredAt {
            failures.append(.compressorRetired(compressor: compressor.name, at: retiredAt, reason: compressor.retiredReason))
        }
        if let test = status.lastTest, let due = status.testDue {
            if !test.passed { failures.append(.airTestFailed(compressor: compressor.name, testedAt: test.at, failed: test.failed)) }
            if status.isTestOverdue(on: date) {
                failures.append(
                    .airTestOverdue(
                        compressor: compressor.name, last: LocalTime.date(of: test.at), due: due, intervalMonths: status.airTestMonths))
            }
        } else {
            unknownFacts.append(.airTest)
        }
        if status.isFilterExhausted == true {
            failures.append(
                .filterExhausted(compressor: compressor.name, remainingHundredths: status.filterLife.remainingHundredthsRoundedDown ?? 0))
        } else if status.isFilterExhausted == nil {
            unknownFacts.append(.filterHours)
        }
    }
}
