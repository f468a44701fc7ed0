/// Where the audit trail and the log disagree, or the chain breaks, as facts:
/// the core words them. A subject is named as the trail names it (`cylinder 'A'`).
public enum AuditMismatch: Sendable, Equatable {
    /// No entry has the head noted earlier; the trail now has `entries` entries and this head.
    case notedHeadMissing(noted: String, entries: Int, head: String)
    /// The trail starts at entry `first`, not 1.
    case firstEntriesDeleted(first: Int)
    /// Entry `missing` is missing: the trail goes from the entry before it to `next`.
    case entryMissing(Int, next: Int)
    /// The entry does not match its hash.
    case hashMismatch(entry: Int, kind: String, subject: String)
    /// A row of the log has no entry in the trail.
    case notInTrail(subject: String)
    /// A row differs from its latest entry.
    case differs(subject: String, entry: Int)
    /// An entry records a row that is not in the log.
    case deleted(subject: String, entry: Int)
}
