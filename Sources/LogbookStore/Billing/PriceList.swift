/// Every price set, read once for a transaction: which one is in force for
/// an item at a time. A price applies from its `effective_at`; of two with
/// the same, the later set.
public struct PriceList: Sendable {
    /// Each item's prices, in the order they take effect.
    private var byItem: [PriceItem: [(effective: Timestamp, price: UnitPrice)]] = [:]

    init(_ database: Database) throws {
        let statement = try database.cachedStatement("SELECT item, price, effective_at FROM prices ORDER BY item, effective_at, id")
        try statement.bind([])
        let (itemColumn, priceColumn, effectiveColumn) = (statement.column("item"), statement.column("price"), statement.column("effective_at"))
        while try statement.step() {
            guard let item = PriceItem(rawValue: statement.text(itemColumn)),
                let effective = try? Timestamp(parsing: statement.text(effectiveColumn))
            else { throw LogbookError(.databaseUnusable(.storedRow(.priceListValues))) }
            byItem[item, default: []].append((effective, UnitPrice(micros: statement.integer(priceColumn))))
        }
    }

    /// The price of `item` in force at `time`; `nil` when none was set by then.
    public func price(of item: PriceItem, at time: Timestamp) -> UnitPrice? {
        byItem[item]?.last { $0.effective <= time }?.price
    }

    /// Whether any gas has a price, at any time: only then is a fill whose
    /// gas cannot be computed worth a warning.
    public var hasGasPrice: Bool { PriceItem.gases.contains { byItem[$0] != nil } }
}
