import LogbookStore

/// The latest time an entry may carry now: a fill, an imported fill, a
/// payment, a compressor's run, cartridge change or air test. Later ones are
/// refused, and a fill already in the log dated later is never the current gas.
/// A cylinder's inspection date, which has no time of day, may be today at latest.
public struct EntryTimeLimit: Sendable {
    /// How far after the current time an entry may be dated, in seconds: 5
    /// minutes, since the clocks at two fill stations, or a blender's watch,
    /// can disagree by a few minutes, and a fill written up a moment early
    /// must not be refused.
    public static let clockSkewAllowance = 5 * 60

    /// The current time the limit is counted from.
    public let now: Timestamp

    /// The limit counted from `now`.
    public init(now: Timestamp) {
        self.now = now
    }

    /// The limit counted from the time `logbook`'s clock reads now.
    init(clockOf logbook: Logbook) {
        self.init(now: logbook.clock())
    }

    /// The latest time an entry may carry: now and the allowance.
    public var latest: Timestamp {
        Timestamp(secondsSinceEpoch: now.secondsSinceEpoch + Self.clockSkewAllowance)
    }

    /// Refuses a compressor entry's time `time`, when given, that is later
    /// than ``latest``; `field` names the input that gave it.
    func checkCompressorEntry(_ time: Timestamp?, field: String) throws(LogbookError) {
        if let time, time > latest { throw LogbookError(.entryInFuture(at: time, now: now), field: field) }
    }

    /// Refuses a payment's time `time`, when given, that is later than
    /// ``latest``, as a bad value of the input `field`.
    func checkPayment(_ time: Timestamp?, field: String) throws(LogbookError) {
        if let time, time > latest { throw LogbookError(.invalidInput(FieldError(.inFuture(what: "payment time", time))), field: field) }
    }

    /// Refuses an inspection date of `changes` after today: a date carries
    /// no time of day, so no allowance applies to it.
    func checkInspections(_ changes: CylinderChanges) throws(LogbookError) {
        let today = now.localDate
        for (kind, date) in [(Logbook.DueInspection.Kind.hydro, changes.hydroDate), (.visual, changes.visualDate)] {
            if let date, date > today { throw LogbookError(.inspectionInFuture(kind, date)) }
        }
    }
}
