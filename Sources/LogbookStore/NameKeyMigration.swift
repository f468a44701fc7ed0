/// What schema 9 writes after its script: an audit entry for each cylinder
/// and account whose name key it recomputed, or that it renamed because its
/// name now clashes with another's, so that `verify` still holds.
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
}
