/// What `verify` found when the audit trail held: how long the chain is,
/// its head, and where a head noted earlier sits in it.
public struct AuditVerification: Sendable, Equatable {
    /// The number of entries in the trail.
    public let entries: Int
    /// The last entry's hash in lower-case hex; 64 zeros for an empty trail.
    public let head: String
    /// The entry whose hash was the head noted earlier, when one was given.
    public let expectedEntry: Int?
}
