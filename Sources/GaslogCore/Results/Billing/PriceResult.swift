import LogbookStore

/// A price just set: `{"item", "price", "effective"}`.
public struct PriceResult: UseCaseResult {
    /// The price as stored.
    public let price: PriceRecord

    /// The result as `--json` prints it and the API answers it.
    public func json(warnings: [Warning]) -> JSONValue { BillingJSON.price(price) }
}
