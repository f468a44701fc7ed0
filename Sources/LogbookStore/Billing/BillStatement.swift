/// Each member's statement for a period: the fills charged, adjustments
/// and payments, the period's totals, and the balance from the start of
/// the log to the period's end.
public struct BillStatement: Sendable {
    /// A fill as charged, with what the statement shows of it.
    public struct ChargedFill: Sendable {
        /// The fill's id.
        public let fillID: Int
        /// When it was filled.
        public let filledAt: Timestamp
        /// The cylinder's name.
        public let cylinder: String
        /// The gas label on its tag.
        public let label: String
        /// The top-off gas, when the fill gave its start.
        public let topOff: String?
        /// What it was charged.
        public let charge: Charge
        /// A void fill's charge is cancelled: shown, never counted.
        public let isVoid: Bool
    }

    /// One member's part.
    public struct Member: Sendable {
        /// The member as first spelled; `nil` for fills with no member.
        public let name: String?
        /// The period's fills charged to the member, in time order.
        public let fills: [ChargedFill]
        /// The period's adjustments, in time order.
        public let adjustments: [Adjustment]
        /// The period's payments, void ones included, in time order.
        public let payments: [Payment]
        /// The period's charges of fills that are not void.
        public let charged: Money
        /// The period's adjustments.
        public let adjusted: Money
        /// The period's payments that are not void.
        public let paid: Money
        /// Everything charged and adjusted, less everything paid, from the
        /// start of the log to the period's end.
        public let balance: Money
    }

    /// The first instant of the period, if it has a start.
    public let since: Timestamp?
    /// The instant after the period, if it has an end.
    public let before: Timestamp?
    /// Every member with something in the period or a balance.
    public let members: [Member]
    /// The period's fills whose gas was not computed, with why, when any gas has a price.
    public let unpriced: [(fillID: Int, reason: UnpricedReason)]
}
