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

/// A correction to what a fill's member owes: positive charges more,
/// negative takes off. A charge is never edited; an adjustment is added.
public struct Adjustment: Sendable, Equatable {
    /// Its id.
    public let id: Int
    /// The fill it corrects.
    public let fillID: Int
    /// The fill's member, who owes it; `nil` when the fill has none.
    public let member: String?
    /// The amount.
    public let amount: Money
    /// Why it was made.
    public let reason: String
    /// When.
    public let at: Timestamp
    /// The account that made it; `nil` for the command line.
    public let madeBy: String?
}

/// Money a member paid; a mistaken one is voided, never deleted.
public struct Payment: Sendable, Equatable {
    /// Its id.
    public let id: Int
    /// Who paid, as written.
    public let member: String
    /// The amount.
    public let amount: Money
    /// When.
    public let at: Timestamp
    /// A receipt or transfer reference.
    public let reference: String?
    /// Why it was voided; `nil` while it counts.
    public let voidReason: String?

    /// Whether it was voided.
    public var isVoid: Bool { voidReason != nil }
}
