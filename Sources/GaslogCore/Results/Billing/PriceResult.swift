import LogbookStore

/// A price just set: `{"item", "price", "effective"}`.
public struct PriceResult: UseCaseResult, DeclaredObject {
    /// The price as stored.
    public let price: PriceRecord

    /// Its name among the OpenAPI document's schemas.
    public static let schemaName = "Price"
    /// What it is, for its schema.
    public static let meaning = "A price, from the time it takes effect."
    /// A price has no warnings.
    public static let hasWarnings = false
    /// `{"item", "price", "effective"}`, as `--json` prints it and the API answers it.
    public static let fields = ResultFields<PriceResult>([
        ResultField("item", .enumeration(PriceItem.allCases.map(\.rawValue))) { .string($0.price.item.rawValue) },
        ResultField(
            "price", JSONSchema.string.described("Per litre at 1 bar (per fill for fill-fee), with at least two decimals: \"0.012\".")
        ) { .string($0.price.price.text) },
        ResultField("effective", JSONSchema.time.described("UTC, ISO 8601: the first instant the price applies.")) {
            .string($0.price.effective.iso8601)
        },
    ])
}
