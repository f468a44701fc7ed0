import LogbookStore

/// A fill as stored, and what it was charged.
public struct StoredFillResult: UseCaseResult {
    /// The fill.
    public let fill: FillRecord
    /// Its charge; `nil` when it was not charged.
    public let charge: Charge?

    /// The export's keys.
    public func json(warnings: [Warning]) -> JSONValue {
        FillLogFormat.json(fill)
    }
}
