/// A price as set: in force from `effective` until a later one for its item.
public struct PriceRecord: Sendable, Equatable {
    public let id: Int
    public let item: PriceItem
    public let price: UnitPrice
    /// The first instant it applies.
    public let effective: Timestamp
    /// When it was set, and by which account (`nil` for the command line).
    public let setAt: Timestamp
    public let setBy: String?
}

/// A correction to what a fill's member owes: positive charges more,
/// negative takes off. A charge is never edited; an adjustment is added.
public struct Adjustment: Sendable, Equatable {
    public let id: Int
    public let fillID: Int
    /// The fill's member, who owes it; `nil` when the fill has none.
    public let member: String?
    public let amount: Money
    public let reason: String
    public let at: Timestamp
    public let madeBy: String?
}

/// Money a member paid; a mistaken one is voided, never deleted.
public struct Payment: Sendable, Equatable {
    public let id: Int
    public let member: String
    public let amount: Money
    public let at: Timestamp
    public let reference: String?
    /// Why it was voided; `nil` while it counts.
    public let voidReason: String?

    /// Whether it was voided.
    public var isVoid: Bool { voidReason != nil }
}
