import LogbookStore

/// Every price set: `[{"item", "price", "effective"}]`, by item and then
/// in the order they take effect.
public struct PriceListResult: UseCaseResult {
    /// The prices.
    public let prices: [PriceRecord]

    /// The result as `--json` prints it and the API answers it.
    public func json(warnings: [Warning]) -> JSONValue { .array(prices.map(BillingJSON.price)) }

    /// One price per line.
    public var isListed: Bool { true }
}
