import NitroxCalculator

/// A compressor as of one moment: its facts, its hour meter, the cartridge
/// fitted and how much of its life is used, and its latest air test.
public struct CompressorStatus: Sendable, Equatable {
    /// The compressor, with the facts in force now.
    public let compressor: Compressor
    /// The hour meter's last known reading, in hundredths of an hour.
    public let meterHundredths: Int?
    /// The latest cartridge change; `nil`: the cartridge fitted when it was added.
    public let filterChange: FilterChange?
    /// The cartridge's life used and left, exactly.
    public let filterLife: FilterLife
    /// The latest test.
    public let lastTest: AirTest?
    /// The air-test interval in force, in months.
    public let airTestMonths: Int

    /// Whether the filter is used up: its remaining life, rounded down as it
    /// is shown, is at or below 0.00 h. A filter that shows no hours left is
    /// never used for one more fill on a fraction of a minute; `nil`
    /// without a filter life.
    public var isFilterExhausted: Bool? {
        filterLife.remainingHundredthsRoundedDown.map { $0 <= 0 }
    }

    /// The last day the latest test is valid.
    public var testDue: CivilDate? { lastTest?.due(months: airTestMonths) }

    /// Whether the latest test is older than its interval on `date`.
    public func isTestOverdue(on date: CivilDate) -> Bool {
        testDue.map { date > $0 } ?? false
    }
}
