import LogbookStore

/// Every price ever set, with the time it takes effect.
public struct ListPrices: UseCase {
    /// What it does, in a line: the command's overview and the API operation's summary.
    public static let summary: Wording = "List every price with the time it takes effect."
    /// More about it: the command's discussion and the API operation's description.
    public static let description: Wording? = Wording(
        commandLine: "", api: "As `gaslog price list --json`: by item, then in the order they take effect.")

    /// It reads nothing.
    public static let inputs: [any InputDeclaration] = []

    /// Reads nothing.
    public init(_ input: InputReader) throws(LogbookError) {}

    /// The prices, by item and then in the order they take effect.
    public func run(in session: Session) throws(LogbookError) -> PriceListResult {
        PriceListResult(prices: try session.logbook().prices())
    }
}
