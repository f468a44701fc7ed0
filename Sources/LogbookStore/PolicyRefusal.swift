/// A refusal by the core's fill-station policy, which the core decides inside
/// the store's write transaction and so throws through it: the store carries
/// it without knowing its rules or its words.
public struct PolicyRefusal: Sendable, Equatable {
    /// The stable codes of the rules that refused, in order, never empty:
    /// an error's category names them.
    public let rules: [String]
    /// The policy's own account of the refusal, which only the core reads.
    public let detail: any Equatable & Sendable

    /// A refusal by the rules coded `rules`, as `detail` states it.
    public init(rules: [String], detail: any Equatable & Sendable) {
        self.rules = rules
        self.detail = detail
    }

    /// The same rules, and the same detail of the same type.
    public static func == (lhs: PolicyRefusal, rhs: PolicyRefusal) -> Bool {
        lhs.rules == rhs.rules && equal(lhs.detail, rhs.detail)
    }

    /// Whether `other` is `detail`'s type and equal to it: the existential
    /// is opened, so that `==` of that type decides.
    private static func equal<Detail: Equatable>(_ detail: Detail, _ other: any Equatable & Sendable) -> Bool {
        (other as? Detail) == detail
    }
}
