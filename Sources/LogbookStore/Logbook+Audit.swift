/// The audit trail: every change, hash-chained, read and verified.
extension Logbook {
    /// Walks the chain, recomputing every hash, and checks every fill, void
    /// and current register fact against it. With `expected`, a head noted
    /// earlier (64 hex digits) must still be an entry of the chain.
    public func verifyAudit(expecting expected: String? = nil) throws(LogbookError) -> AuditVerification {
        try perform(writing: false) { database in try AuditVerifier.verify(database, expecting: expected?.lowercased()) }
    }

    /// The trail's entries, oldest first; from `since` on, when given.
    public func auditEntries(since: Timestamp? = nil) throws(LogbookError) -> [AuditEntry] {
        try perform(writing: false) { database in
            let statement: Statement
            if let since {
                statement = try database.prepare(AuditEntry.selection + " WHERE at >= :since ORDER BY id")
                try statement.bind(["since": .text(since.iso8601)])
            } else {
                statement = try database.prepare(AuditEntry.selection + " ORDER BY id")
                try statement.bind([])
            }
            var entries: [AuditEntry] = []
            while try statement.step() { entries.append(try AuditEntry(row: statement)) }
            return entries
        }
    }

    /// A cylinder's register changes, oldest first, each with the facts it
    /// changed, from the trail.
    public func registerChanges(of name: CylinderName) throws(LogbookError) -> [RegisterChange] {
        RegisterChange.changes(try auditHistory(of: name))
    }

    /// A cylinder's entries in the trail, oldest first.
    public func auditHistory(of name: CylinderName) throws(LogbookError) -> [AuditEntry] {
        try perform(writing: false) { database in
            try database.readTransaction {
                guard let cylinder = try resolve(name, in: database)?.cylinder else {
                    throw LogbookError(.unknownCylinder(name.text))
                }
                let statement = try database.prepare(AuditEntry.selection + " WHERE subject = :subject ORDER BY id")
                try statement.bind(["subject": .text(AuditSubject.cylinder.subject(String(cylinder.id)))])
                var entries: [AuditEntry] = []
                while try statement.step() { entries.append(try AuditEntry(row: statement)) }
                return entries
            }
        }
    }
}
