import LogbookStore

/// Sets an item's price from a date on. Fills already charged keep their charges.
public struct SetPrice: UseCase {
    /// What it does, in a line: the command's overview and the API operation's summary.
    public static let summary: Wording = "Set an item's price from a date on."
    /// More about it: the command's discussion and the API operation's description.
    public static let description: Wording? = Wording(commandLine: "", api: "As `gaslog price set`: fills already charged keep their charges.")

    /// What is priced.
    public static let item = Argument<PriceItem>(
        "item", help: "oxygen, helium, air, nitrox (membrane or bank nitrox used as top-off) or fill-fee (charged once per fill).")
    /// The price.
    public static let price = Argument<UnitPrice>(
        "price", help: "Per litre at 1 bar (per fill for fill-fee), with at most 6 decimals: 0.012.")
    /// From when it applies.
    public static let effective = Option<CivilDate>(
        "effective", help: "The local date from whose first instant the price applies. Default: now.")
    /// What it reads: the command's arguments and options, the API's keys.
    public static let inputs: [any InputDeclaration] = [item, price, effective]

    /// What is priced.
    public let item: PriceItem
    /// The price per litre, or per fill for the fee.
    public let price: UnitPrice
    /// The first instant it applies; now when not given.
    public let effective: Timestamp?

    /// Reads the item, the price and the date.
    public init(_ input: InputReader) throws(LogbookError) {
        item = try input.value(Self.item)
        price = try input.value(Self.price)
        effective = try input.value(Self.effective).map(LocalTime.start(of:))
    }

    /// Stores the price, for the session's account.
    public func run(in session: Session) throws(LogbookError) -> PriceResult {
        PriceResult(price: try session.logbook().setPrice(item, to: price, effective: effective, actor: session.actor))
    }
}
