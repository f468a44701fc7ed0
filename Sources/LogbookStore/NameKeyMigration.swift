/// What schemas 9 and 14 write after their scripts: an audit entry for each
/// row whose name or name key they changed, so that `verify` still holds.
enum NameKeyMigration {
    static func recordChanges(_ database: Database, now: Timestamp) throws {
        let trail = try AuditTrail(database)
        let changes = try database.prepare(
            """
            SELECT subject, id, new_name IS NOT old_name AS renamed FROM name_key_changes
            ORDER BY subject = 'account', id
            """)
        try changes.bind([])
        var rows: [(subject: AuditSubject, id: Int, renamed: Bool)] = []
        while try changes.step() {
            let subject: AuditSubject = changes.text("subject") == "account" ? .account : .cylinder
            rows.append((subject, changes.integer("id"), changes.integer("renamed") != 0))
        }
        for row in rows {
            let kind = row.subject.rawValue + (row.renamed ? " rename" : " name key")
            try trail.append(kind, row.subject, id: row.id, actor: nil, at: now)
        }
        try database.execute(script: "DROP TABLE temp.name_key_changes")
    }

    /// Schema 14: a 'compressor rename' entry for each compressor it renamed
    /// from `none`, a word that now means no compressor.
    static func recordCompressorRenames(_ database: Database, now: Timestamp) throws {
        let trail = try AuditTrail(database)
        let renamed = try database.prepare("SELECT id FROM compressor_renames ORDER BY id")
        try renamed.bind([])
        var ids: [Int] = []
        while try renamed.step() { ids.append(renamed.integer("id")) }
        for id in ids { try trail.append("compressor rename", .compressor, id: id, actor: nil, at: now) }
        try database.execute(script: "DROP TABLE temp.compressor_renames")
    }
}
