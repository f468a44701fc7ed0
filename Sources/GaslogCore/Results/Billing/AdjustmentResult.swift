import LogbookStore

/// An adjustment just added, as the statement lists it: `{"id", "fill_id", "at", "amount", "reason"}`.
public struct AdjustmentResult: UseCaseResult, DeclaredObject {
    /// The adjustment as stored.
    public let adjustment: Adjustment

    /// Its name among the OpenAPI document's schemas.
    public static let schemaName = "Adjustment"
    /// What it is, for its schema.
    public static let meaning = "A correction to a fill's charge, for the fill's member."
    /// An adjustment has no warnings.
    public static let hasWarnings = false
    /// The result as `--json` prints it and the API answers it.
    public static let fields = ResultFields<AdjustmentResult>([
        ResultField("id", .integer(minimum: 1)) { .integer($0.adjustment.id) },
        ResultField("fill_id", .integer(minimum: 1)) { .integer($0.adjustment.fillID) },
        ResultField("at", .time) { .string($0.adjustment.at.iso8601) },
        ResultField("amount", BillingJSON.money.described("Positive charges more, negative takes off.")) {
            .string($0.adjustment.amount.text)
        },
        ResultField("reason", .string) { .string($0.adjustment.reason) },
    ])
}
