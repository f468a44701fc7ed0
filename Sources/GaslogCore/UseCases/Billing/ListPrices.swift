import LogbookStore

/// Every price ever set, with the time it takes effect.
public struct ListPrices: UseCase {
    /// It reads nothing.
    public static let inputs: [any InputDeclaration] = []

    /// Reads nothing.
    public init(_ input: InputReader) throws(LogbookError) {}

    /// The prices, by item and then in the order they take effect.
    public func run(in session: Session) throws(LogbookError) -> PriceListResult {
        PriceListResult(prices: try session.logbook().prices())
    }
}
