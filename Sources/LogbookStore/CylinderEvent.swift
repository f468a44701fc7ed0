import NitroxCalculator

/// Something that happened to a cylinder's identity or service, kept for
/// good in its history: a rename, a retirement, a reinstatement.
public struct CylinderEvent: Sendable, Equatable {
    /// What happened.
    public enum Kind: String, Sendable {
        case renamed, retired, reinstated
    }

    /// What happened.
    public let kind: Kind
    /// When it happened.
    public let at: Timestamp
    /// For a rename: the name before.
    public let oldName: String?
    /// For a rename: the name after.
    public let newName: String?
    /// For a retirement or a reinstatement: why.
    public let reason: String?

    /// The columns ``init(row:)`` reads, by name.
    static let selection = "SELECT kind, at, old_name, new_name, reason FROM cylinder_events"

    /// Reads the current row of a statement that starts with ``selection``;
    /// `nil` for a kind this gaslog does not know.
    init?(row: Statement) throws(LogbookError) {
        guard let kind = Kind(rawValue: row.text("kind")) else { return nil }
        guard let at = try? Timestamp(parsing: row.text("at")) else {
            throw LogbookError(.databaseUnusable(.storedRow(.cylinderEventTime(time: row.text("at")))))
        }
        self.kind = kind
        self.at = at
        oldName = row.optionalText("old_name")
        newName = row.optionalText("new_name")
        reason = row.optionalText("reason")
    }
}
