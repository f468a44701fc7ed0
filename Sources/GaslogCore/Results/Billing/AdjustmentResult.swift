import LogbookStore

/// An adjustment just added, as the statement lists it: `{"id", "fill_id", "at", "amount", "reason"}`.
public struct AdjustmentResult: UseCaseResult {
    /// The adjustment as stored.
    public let adjustment: Adjustment

    /// The result as `--json` prints it and the API answers it.
    public func json(warnings: [Warning]) -> JSONValue { BillingJSON.adjustment(adjustment) }
}
