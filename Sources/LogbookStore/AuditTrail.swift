/// Appends entries to the audit trail, each chained to the one before it:
/// `hash = SHA-256(previous hash as 32 raw bytes ‖ canonical entry)`, the
/// first from 32 zero bytes. It runs inside the transaction that makes the
/// change, so a change and its entry are committed together or not at all.
///
/// The canonical entry is the UTF-8 of
/// `id LF at LF actor LF kind LF subject LF data`: none of the fields after
/// `actor` can hold a line feed (the schema checks it), so the bytes read
/// back into exactly one entry.
struct AuditTrail {
    private let database: Database
    private let lastEntry: Statement
    private let insert: Statement

    /// The 32 zero bytes the first entry chains from.
    static let genesis = [UInt8](repeating: 0, count: SHA256.byteCount)

    init(_ database: Database) throws {
        self.database = database
        lastEntry = try database.prepare("SELECT id, hash FROM audit ORDER BY id DESC LIMIT 1")
        insert = try database.prepare(
            "INSERT INTO audit (id, at, actor, kind, subject, data, hash) VALUES (:id, :at, :actor, :kind, :subject, :data, :hash)")
    }

    /// The bytes an entry's hash covers after the previous hash.
    static func canonicalBytes(id: Int, at: String, actor: String, kind: String, subject: String, data: String) -> [UInt8] {
        Array("\(id)\n\(at)\n\(actor)\n\(kind)\n\(subject)\n\(data)".utf8)
    }

    /// The hash of an entry that follows `previous`.
    static func hash(previous: [UInt8], canonical: [UInt8]) -> [UInt8] {
        SHA256.digest(previous + canonical)
    }

    /// Records the row `key` of `subject` as it is now, as an entry of `kind`.
    func append(_ kind: String, _ subject: AuditSubject, key: String, actor: String?, at time: Timestamp) throws {
        guard let data = try subject.data(of: key, in: database) else {
            throw LogbookError(.internalFailure("\(subject.subject(key)) vanished before its audit entry was written"))
        }
        try append(kind, subject: subject.subject(key), data: data, actor: actor, at: time.iso8601)
    }

    /// Records the row `id` of `subject` as it is now, as an entry of `kind`.
    func append(_ kind: String, _ subject: AuditSubject, id: Int, actor: String?, at time: Timestamp) throws {
        try append(kind, subject, key: String(id), actor: actor, at: time)
    }

    private func append(_ kind: String, subject: String, data: String, actor: String?, at: String) throws {
        try lastEntry.bind([])
        var id = 1
        var previous = AuditTrail.genesis
        if try lastEntry.step() {
            id = lastEntry.integer("id") + 1
            guard let bytes = SHA256.bytes(hex: lastEntry.text("hash")) else {
                throw LogbookError(.databaseUnusable("audit entry \(id - 1) has a hash that is not 64 hex digits"))
            }
            previous = bytes
        }
        try lastEntry.bind([])
        let actor = actor ?? ""
        let canonical = AuditTrail.canonicalBytes(id: id, at: at, actor: actor, kind: kind, subject: subject, data: data)
        try insert.execute([
            "id": .integer(id), "at": .text(at), "actor": .text(actor), "kind": .text(kind), "subject": .text(subject),
            "data": .text(data), "hash": .text(SHA256.hex(AuditTrail.hash(previous: previous, canonical: canonical))),
        ])
    }

    /// Writes what a logbook held before schema 8 as the trail's first
    /// entries, in id order: cylinders, then fills, then voids, then
    /// settings, accounts and tokens. Fills and voids keep their own times
    /// and accounts; the rest are recorded as existing at `now`.
    static func backfill(_ database: Database, now: Timestamp) throws {
        let trail = try AuditTrail(database)
        for subject in [AuditSubject.cylinder, .fill, .void, .setting, .account, .token] {
            let statement = try database.prepare(subject.allRowsSQL)
            try statement.bind([])
            while try statement.step() {
                let (key, data) = subject.row(of: statement)
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
                try trail.append(kind, subject: subject.subject(key), data: data, actor: actor, at: at)
            }
        }
    }
}
