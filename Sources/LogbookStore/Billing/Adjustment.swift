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
