import LogbookStore

extension LogbookCheck {
    /// The checks that passed, in the order they ran, each with its finding in words.
    public var passed: [String] { passes.map(\.text) }

    /// The first check that failed, with what it found, in words.
    public var problem: String? { failure?.text }
}

extension LogbookCheck.Pass {
    /// The check and its finding, as `check` prints it.
    public var text: String {
        switch self {
        case .integrity: "integrity_check: ok"
        case .foreignKeys: "foreign_key_check: ok"
        case .schemaVersion(let version): "schema version: \(version)"
        case .auditTrail(let entries, let head): "audit trail: \(entries) entries, head \(head)"
        }
    }
}

extension LogbookCheck.Failure {
    /// The check and what it found, as `check` prints it.
    public var text: String {
        switch self {
        case .integrity(let answer):
            "integrity_check: \(answer ?? "no answer")"
        case .foreignKey(let row, let table, let parent):
            "foreign_key_check: row \(row.map(String.init) ?? "?") of \(table) refers to a missing row of \(parent)"
        case .schemaVersion(let version):
            "schema version: \(version), not \(Migration.latestVersion), the version this gaslog writes"
        case .schemaObject(let object):
            "schema: \(object.type) \(object.name) on \(object.table) \(object.kind.text)"
        case .damaged(let sqliteMessage):
            "the file is damaged or not a database (\(sqliteMessage))"
        case .database(let text):
            text
        case .refused(let error):
            error.message
        case .notSQLite(let file):
            "\(file) is not a SQLite database, or is cut short"
        case .cannotOpen(let file, let failure):
            "cannot open \(file): \(failure)"
        }
    }
}

extension LogbookCheck.SchemaObjectProblem.Kind {
    /// How the trigger or index differs, after its name.
    var text: String {
        switch self {
        case .missing: "is missing"
        case .changed: "differs from the one the migrations made"
        case .unknown: "is not one the migrations made"
        }
    }
}
