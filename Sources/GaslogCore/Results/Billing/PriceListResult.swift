import LogbookStore

/// Every price set: `[{"item", "price", "effective"}]`, by item and then
/// in the order they take effect.
public struct PriceListResult: UseCaseResult, DeclaredResult {
    /// The prices.
    public let prices: [PriceRecord]

    /// The result as `--json` prints it and the API answers it.
    public func json(warnings: [Warning]) -> JSONValue { .array(prices.map { PriceResult.fields.json(of: PriceResult(price: $0)) }) }

    /// Its name among the OpenAPI document's schemas.
    public static let schemaName = "PriceList"
    /// Its elements' schema, from their declaration.
    public static var schema: JSONSchema {
        JSONSchema.array(of: PriceResult.reference).described("Every price set, by item, then in the order they take effect.")
    }

    /// One price per line.
    public var isListed: Bool { true }
}
