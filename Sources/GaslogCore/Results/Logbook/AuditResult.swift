import LogbookStore

/// Entries of the audit trail, oldest first.
public struct AuditResult: UseCaseResult {
    /// The entries.
    public let entries: [AuditEntry]

    /// One object per entry, one a line, with the trail's column names;
    /// `data` stays the canonical text that was hashed.
    public func json(warnings: [Warning]) -> JSONValue {
        .array(
            entries.map { entry in
                .object([
                    ("id", .integer(entry.id)), ("at", .string(entry.at.iso8601)), ("actor", .string(entry.actor)),
                    ("kind", .string(entry.kind)), ("subject", .string(entry.subject)), ("data", .string(entry.data)),
                    ("hash", .string(entry.hash)),
                ])
            })
    }

    /// A list.
    public var isListed: Bool { true }
}
