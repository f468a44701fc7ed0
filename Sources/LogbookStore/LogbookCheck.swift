/// What `check` found: each check that passed, in words, and the first
/// problem, if any; checking stops at the first problem.
public struct LogbookCheck: Sendable, Equatable {
    /// The checks that passed, in the order they ran, each with its finding.
    public var passed: [String] = []
    /// The first check that failed, with what it found.
    public var problem: String?

    /// Whether every check passed.
    public var isSound: Bool { problem == nil }

    /// Runs every check on `database`: SQLite's integrity and foreign-key
    /// checks, the schema version, every fill's stored MOD against its gas,
    /// and the audit trail as `verify` holds it.
    static func run(_ database: Database) -> LogbookCheck {
        var check = LogbookCheck()
        do {
            let integrity = try database.prepare("PRAGMA integrity_check").scalarText() ?? "no answer"
            guard integrity == "ok" else {
                check.problem = "integrity_check: \(integrity)"
                return check
            }
            check.passed.append("integrity_check: ok")
            let foreignKeys = try database.prepare("PRAGMA foreign_key_check")
            try foreignKeys.bind([])
            if try foreignKeys.step() {
                check.problem =
                    "foreign_key_check: row \(foreignKeys.optionalInteger("rowid").map(String.init) ?? "?") of \(foreignKeys.text("table")) "
                    + "refers to a missing row of \(foreignKeys.text("parent"))"
                return check
            }
            check.passed.append("foreign_key_check: ok")
            let version = try database.integerPragma("user_version")
            guard version == Migration.latestVersion else {
                check.problem = "schema version: \(version), not \(Migration.latestVersion), the version this gaslog writes"
                return check
            }
            check.passed.append("schema version: \(version)")
            // Every display checks a fill's stored MOD before showing a depth; check finds them all at once.
            // It adds no line when they pass, so that check's output for a sound logbook stays as scripts read it.
            let fills = try database.prepare(FillRecord.selection)
            try fills.bind([])
            let columns = FillRecord.Columns(fills)
            while try fills.step() {
                _ = try FillRecord(row: fills, columns: columns).shownGas()
            }
            let audit = try AuditVerifier.verify(database, expecting: nil)
            check.passed.append("audit trail: \(audit.entries) entries, head \(audit.head)")
        } catch let error as LogbookError {
            check.problem = error.message
        } catch let error as DatabaseError {
            check.problem = error.isDamaged ? "the file is damaged or not a database (\(error.message))" : error.description
        } catch {
            check.problem = "\(error)"
        }
        return check
    }
}
