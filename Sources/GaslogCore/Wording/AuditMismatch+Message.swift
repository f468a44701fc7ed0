import LogbookStore

extension AuditMismatch {
    /// The first problem of the trail, in plain words.
    public var message: String {
        switch self {
        case .notedHeadMissing(let noted, let entries, let head):
            "no entry has the hash \(noted) noted earlier: the trail was rewritten or cut short after it was noted "
                + "(it now has \(entries) entries, head \(head))"
        case .firstEntriesDeleted(let first):
            "the trail starts at entry \(first), not 1: its first entries were deleted"
        case .entryMissing(let missing, let next):
            "entry \(missing) is missing: the trail goes from entry \(missing - 1) to entry \(next)"
        case .hashMismatch(let entry, let kind, let subject):
            "entry \(entry) (\(kind), \(subject)) does not match its hash: it, or the entry before it, was changed outside gaslog"
        case .notInTrail(let subject):
            "\(subject) is not in the trail: it was written outside gaslog"
        case .differs(let subject, let entry):
            "\(subject) differs from entry \(entry), its latest record: it was changed outside gaslog"
        case .deleted(let subject, let entry):
            "entry \(entry) records \(subject), which is not in the log: it was deleted outside gaslog"
        }
    }
}
