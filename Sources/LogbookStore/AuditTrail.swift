import Credentials

/// Appends entries to the audit trail, each chained to the one before it:
/// `hash = SHA-256(previous hash as 32 raw bytes ‖ canonical entry)`, the
/// first from 32 zero bytes. It runs inside the transaction that makes the
/// change, so a change and its entry are committed together or not at all.
///
/// The canonical entry is the UTF-8 of
/// `id LF at LF actor LF kind LF subject LF data`: the schema keeps line
/// feeds out of `actor` and `subject`, `kind` is letters and spaces, and
/// `data` comes last, so the bytes read back into exactly one entry.
final class AuditTrail {
    private let database: Database
    private let lastEntry: Statement
    private let insert: Statement
    /// Each kind of row's SELECT, prepared once: an import appends an entry per row.
    private var rowStatements: [AuditSubject: Statement] = [:]
    /// The last entry's id and hash once read or written here, so that an
    /// import does not read back each entry it has just written. A trail
    /// lives for one transaction, which holds the write lock throughout.
    private var last: (id: Int, hash: [UInt8])?
    /// The entry being written, its canonical bytes, reused from one entry to the next.
    private var entry: [UInt8] = []
    /// The last time written, as text: an import writes the same one for every row.
    private var lastTime: (time: Timestamp, text: String)?

    /// The 32 zero bytes the first entry chains from.
    static let genesis = [UInt8](repeating: 0, count: SHA256.byteCount)

    init(_ database: Database) throws {
        self.database = database
        lastEntry = try database.cachedStatement("SELECT id, hash FROM audit ORDER BY id DESC LIMIT 1")
        insert = try database.cachedStatement(
            "INSERT INTO audit (id, at, actor, kind, subject, data, hash) VALUES (:id, :at, :actor, :kind, :subject, :data, :hash)")
        insert.expectParameters(["id", "at", "actor", "kind", "subject", "data", "hash"])
        entry.reserveCapacity(1024)
    }

    /// Appends the canonical bytes of an entry's fields before its data:
    /// `id LF at LF actor LF kind LF subject LF`.
    static func appendHead(id: Int, at: String, actor: String, kind: String, subject: String, to bytes: inout [UInt8]) {
        AuditRowFormat.appendInteger(id, to: &bytes)
        for field in [at, actor, kind, subject] {
            bytes.append(0x0A)
            bytes += field.utf8
        }
        bytes.append(0x0A)
    }

    /// The hash of an entry that follows `previous`.
    static func hash(previous: [UInt8], canonical: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var hashing = SHA256.Incremental()
        hashing.update(previous)
        hashing.update(canonical)
        return hashing.finish()
    }

    /// Records the row `key` of `subject` as it is now, read back, as an
    /// entry of `kind`: for changes whose row SQLite completes.
    func append(_ kind: String, _ subject: AuditSubject, key: String, actor: String?, at time: Timestamp) throws {
        let statement: Statement
        if let prepared = rowStatements[subject] {
            statement = prepared
        } else {
            statement = try database.cachedStatement(try subject.oneRowSQL(in: database))
            rowStatements[subject] = statement
        }
        try statement.bind(["key": subject.keyValue(key)])
        // Rebinding resets the statement, which ends its read at once; it can
        // only report the step's own error again, which is thrown already.
        defer { try? statement.bind(["key": .null]) }
        guard try statement.step() else {
            throw LogbookError(.internalFailure(.vanishedBeforeAudit(subject: subject.subject(key))))
        }
        try append(kind, subject: subject.subject(key), actor: actor, at: text(of: time)) { subject.format.append(row: statement, to: &$0) }
    }

    /// Records the row `id` of `subject` as it is now, read back, as an entry of `kind`.
    func append(_ kind: String, _ subject: AuditSubject, id: Int, actor: String?, at time: Timestamp) throws {
        try append(kind, subject, key: String(id), actor: actor, at: time)
    }

    /// Records the row `key` of `subject` as an entry of `kind`, from the
    /// `values` just inserted, in the subject's column order: the same bytes
    /// as reading the row back, without the read.
    func append(_ kind: String, _ subject: AuditSubject, key: Int, inserted values: [DatabaseValue], actor: String?, at time: Timestamp) throws {
        try append(kind, subject: subject.subject(String(key)), actor: actor, at: text(of: time)) { subject.format.append(values, to: &$0) }
    }

    private func text(of time: Timestamp) -> String {
        if let lastTime, lastTime.time == time { return lastTime.text }
        let text = time.iso8601
        lastTime = (time, text)
        return text
    }

    private func append(_ kind: String, subject: String, actor: String?, at: String, data: (inout [UInt8]) -> Void) throws {
        let (previousID, previous) = try last ?? readLast()
        let id = previousID + 1
        let actor = actor ?? ""
        entry.removeAll(keepingCapacity: true)
        AuditTrail.appendHead(id: id, at: at, actor: actor, kind: kind, subject: subject, to: &entry)
        let dataStart = entry.count
        data(&entry)
        var hashText = [UInt8](repeating: 0, count: 2 * SHA256.byteCount)
        let hash = try entry.withUnsafeBufferPointer { canonical throws(DatabaseError) in
            let hash = AuditTrail.hash(previous: previous, canonical: canonical)
            hashText.withUnsafeMutableBufferPointer { Hex.write(hash, to: $0) }
            try insert.reset()
            try insert.bind(.integer(id), at: 1)
            try insert.bind(.text(at), at: 2)
            try insert.bind(.text(actor), at: 3)
            try insert.bind(.text(kind), at: 4)
            try insert.bind(.text(subject), at: 5)
            try insert.bindText(UnsafeBufferPointer(rebasing: canonical[dataStart...]), at: 6)
            try hashText.withUnsafeBufferPointer { text throws(DatabaseError) in try insert.bindText(text, at: 7) }
            try insert.run()
            return hash
        }
        last = (id, hash)
    }

    /// The last entry's id and hash as stored: 0 and 32 zero bytes for an empty trail.
    private func readLast() throws -> (id: Int, hash: [UInt8]) {
        try lastEntry.bind([])
        // Rebinding resets the statement, which ends its read at once; it can
        // only report the step's own error again, which is thrown already.
        defer { try? lastEntry.bind([]) }
        guard try lastEntry.step() else { return (0, AuditTrail.genesis) }
        let id = lastEntry.integer("id")
        guard let bytes = Hex.decode(lastEntry.text("hash"), byteCount: SHA256.byteCount) else {
            throw LogbookError(.databaseUnusable(.storedRow(.auditEntryHash(entry: id))))
        }
        return (id, bytes)
    }

    /// Writes what a logbook held before schema 8 as the trail's first
    /// entries, in id order: cylinders, then fills, then voids, then
    /// settings, accounts and tokens. Fills and voids keep their own times
    /// and accounts; the rest are recorded as existing at `now`.
    static func backfill(_ database: Database, now: Timestamp) throws {
        let trail = try AuditTrail(database)
        for subject in [AuditSubject.cylinder, .fill, .void, .setting, .account, .token] {
            let statement = try database.prepare(try subject.allRowsSQL(in: database))
            try statement.bind([])
            while try statement.step() {
                // Every kind lists its key column first.
                let key = statement.isNull(0) ? "" : statement.text(0)
                let at: String
                let actor: String?
                let kind: String
                switch subject {
                case .fill:
                    (kind, at, actor) = ("fill", statement.text("recorded_at"), statement.optionalText("recorded_by"))
                case .void:
                    (kind, at, actor) = ("void", statement.text("voided_at"), statement.optionalText("voided_by"))
                default:
                    (kind, at, actor) = (subject.rawValue + " existing", now.iso8601, nil)
                }
                // The row's own bytes, as verify reads them back.
                try trail.append(kind, subject: subject.subject(key), actor: actor, at: at) { subject.format.append(row: statement, to: &$0) }
            }
        }
    }
}
