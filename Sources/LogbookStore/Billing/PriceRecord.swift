/// A price as set: in force from `effective` until a later one for its item.
public struct PriceRecord: Sendable, Equatable {
    /// Its id.
    public let id: Int
    /// What it prices.
    public let item: PriceItem
    /// The price per litre at 1 bar, or per fill for the fee.
    public let price: UnitPrice
    /// The first instant it applies.
    public let effective: Timestamp
    /// When it was set, and by which account (`nil` for the command line).
    public let setAt: Timestamp
    /// The account that set it; `nil` for the command line.
    public let setBy: String?
}
