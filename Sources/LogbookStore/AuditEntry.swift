import NitroxCalculator

/// One entry of the audit trail, as `audit` prints it.
public struct AuditEntry: Sendable, Equatable {
    /// The entry's place in the chain, from 1.
    public let id: Int
    /// When the change was made.
    public let at: Timestamp
    /// The account that made it; empty for the command line.
    public let actor: String
    /// What happened: `fill`, `void`, `cylinder edit`, …
    public let kind: String
    /// The row it concerns: `fill 12`, `cylinder 3`, `setting unit`, …
    public let subject: String
    /// The row after the change, as canonical JSON.
    public let data: String
    /// The entry's hash, in lower-case hex.
    public let hash: String

    /// The columns ``init(row:)`` reads.
    static let selection = "SELECT id, at, actor, kind, subject, data, hash FROM audit"

    init(row: Statement) throws(LogbookError) {
        id = row.integer("id")
        let time = row.text("at")
        guard let at = try? Timestamp(parsing: time) else {
            throw LogbookError(.databaseUnusable(.storedRow(.auditEntryTime(entry: row.integer("id"), time: time))))
        }
        self.at = at
        actor = row.text("actor")
        kind = row.text("kind")
        subject = row.text("subject")
        data = row.text("data")
        hash = row.text("hash")
    }
}
