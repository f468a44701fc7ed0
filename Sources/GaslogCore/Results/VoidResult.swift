import LogbookStore

/// A fill just voided: the export's keys, and `warnings`.
public struct VoidResult: UseCaseResult {
    /// The fill as stored, now void.
    public let fill: FillRecord

    /// The export's keys, then `warnings`.
    public func json(warnings: [Warning]) -> JSONValue {
        guard case .object(let members) = FillLogFormat.json(fill) else { return FillLogFormat.json(fill) }
        return .object(members, warnings: warnings)
    }
}
