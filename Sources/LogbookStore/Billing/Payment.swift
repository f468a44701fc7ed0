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
