import Credentials

/// Holds a logbook to its audit trail: recomputes every hash of the chain
/// from the first entry, then checks that every fill, void, cylinder,
/// setting, account and token is the row its latest entry recorded, and
/// that every row the trail names is still there.
///
/// The first problem is thrown as ``LogbookError/Reason/auditMismatch(_:)``,
/// naming the entry (or the row) where the trail and the log part.
enum AuditVerifier {
    static func verify(_ database: Database, expecting expected: String?) throws -> AuditVerification {
        try database.readTransaction {
            let (entries, head, expectedEntry) = try walkChain(database, expecting: expected)
            if let expected, expectedEntry == nil {
                throw mismatch(.notedHeadMissing(noted: expected, entries: entries, head: head))
            }
            for subject in AuditSubject.allCases {
                try checkRows(of: subject, in: database)
            }
            return AuditVerification(entries: entries, head: head, expectedEntry: expectedEntry)
        }
    }

    private static func mismatch(_ mismatch: AuditMismatch) -> LogbookError {
        LogbookError(.auditMismatch(mismatch))
    }

    /// Recomputes each entry's hash from the one before it; the first entry
    /// whose stored hash differs, or that is missing, breaks the chain. The
    /// entries are read as bytes, with each column's index found once.
    private static func walkChain(_ database: Database, expecting expected: String?) throws -> (Int, String, Int?) {
        let statement = try database.prepare(AuditEntry.selection + " ORDER BY id")
        try statement.bind([])
        let (idColumn, hashColumn, dataColumn) = (statement.column("id"), statement.column("hash"), statement.column("data"))
        let headColumns = ["at", "actor", "kind", "subject"].map(statement.column)
        let expected = expected.map { Array($0.utf8) }
        var previous = AuditTrail.genesis
        var canonical: [UInt8] = []
        var hashText = [UInt8](repeating: 0, count: 2 * SHA256.byteCount)
        var count = 0
        var expectedEntry: Int?
        while try statement.step() {
            let id = statement.integer(idColumn)
            count += 1
            guard id == count else {
                throw mismatch(count == 1 ? .firstEntriesDeleted(first: id) : .entryMissing(count, next: id))
            }
            canonical.removeAll(keepingCapacity: true)
            AuditRowFormat.appendInteger(id, to: &canonical)
            for column in headColumns {
                canonical.append(0x0A)
                canonical += statement.textBytes(column)
            }
            canonical.append(0x0A)
            canonical += statement.textBytes(dataColumn)
            let hash = canonical.withUnsafeBufferPointer { AuditTrail.hash(previous: previous, canonical: $0) }
            hashText.withUnsafeMutableBufferPointer { Hex.write(hash, to: $0) }
            let stored = statement.textBytes(hashColumn)
            guard stored.elementsEqual(hashText) else {
                throw mismatch(.hashMismatch(entry: id, kind: statement.text("kind"), subject: statement.text("subject")))
            }
            if let expected, stored.elementsEqual(expected) { expectedEntry = id }
            previous = hash
        }
        return (count, Hex.encode(previous), expectedEntry)
    }

    /// Each row of `subject`'s table against its latest entry, then every
    /// row the trail names against the table.
    private static func checkRows(of subject: AuditSubject, in database: Database) throws {
        let latest = try database.prepare("SELECT id, data FROM audit WHERE subject = :subject ORDER BY id DESC LIMIT 1")
        let (entryColumn, recordedColumn) = (latest.column("id"), latest.column("data"))
        // A logbook from before a kind of row existed has none to check: a
        // migration's follow-up may verify before the later tables exist.
        guard
            try database.prepare("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = :name").scalarInteger(["name": .text(subject.table)])
                != nil
        else { return }
        let rows = try database.prepare(try subject.allRowsSQL(in: database))
        try rows.bind([])
        var count = 0
        var data: [UInt8] = []
        while try rows.step() {
            count += 1
            data.removeAll(keepingCapacity: true)
            subject.format.append(row: rows, to: &data)
            // Every kind lists its key column first.
            let key = rows.isNull(0) ? "" : rows.text(0)
            try latest.reset()
            try latest.bind(.text(subject.subject(key)), at: 1)
            guard try latest.step() else {
                throw mismatch(.notInTrail(subject: subject.subject(key)))
            }
            guard latest.textBytes(recordedColumn).elementsEqual(data) else {
                throw mismatch(.differs(subject: subject.subject(key), entry: latest.integer(entryColumn)))
            }
        }
        try latest.reset()
        // Every row was found in the trail; the trail names more rows only
        // when one was deleted outside gaslog.
        let pattern = subject.rawValue + " *"
        let named =
            try database.prepare("SELECT count(DISTINCT subject) FROM audit WHERE subject GLOB :pattern")
            .scalarInteger(["pattern": .text(pattern)]) ?? 0
        guard named > count else { return }
        let subjects = try database.prepare("SELECT subject, min(id) AS first FROM audit WHERE subject GLOB :pattern GROUP BY subject ORDER BY first")
        try subjects.bind(["pattern": .text(pattern)])
        while try subjects.step() {
            guard let (_, key) = AuditSubject.parse(subjects.text("subject")) else { continue }
            if try !subject.hasRow(key, in: database) {
                throw mismatch(.deleted(subject: subject.subject(key), entry: subjects.integer("first")))
            }
        }
    }
}
