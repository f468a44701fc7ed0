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
            // A dropped or changed trigger lets a change through that the schema refuses (an
            // edited fill, a deleted audit entry). Like the MODs, it adds no line when it passes.
            if let problem = try SchemaObjects.problem(in: database) {
                check.problem = problem
                return check
            }
            // Every display checks a fill's stored MOD before showing a depth; check finds them all at once.
            // It adds no line when they pass, so that check's output for a sound logbook stays as scripts read it.
            let fills = try database.prepare(FillRecord.selection)
            try fills.bind([])
            let columns = FillRecord.Columns(fills)
            while try fills.step() {
                try FillRecord(row: fills, columns: columns).checkStoredDepth()
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

/// The triggers and indexes of the schema, each as the migrations make it:
/// its type, name, table and exact SQL, as `sqlite_schema` holds them.
/// Automatic indexes, which have no SQL, are left out.
struct SchemaObjects {
    struct Object: Equatable, Sendable {
        let type: String
        let name: String
        let table: String
        let sql: String
    }

    let objects: [Object]

    static let query = """
        SELECT type, name, tbl_name, sql FROM sqlite_schema
        WHERE type IN ('trigger', 'index') AND sql IS NOT NULL ORDER BY type, name
        """

    /// The objects of `database`'s schema.
    init(_ database: Database) throws {
        let statement = try database.prepare(SchemaObjects.query)
        try statement.bind([])
        var objects: [Object] = []
        while try statement.step() {
            objects.append(
                Object(
                    type: statement.text("type"), name: statement.text("name"), table: statement.text("tbl_name"),
                    sql: statement.text("sql")))
        }
        self.objects = objects
    }

    /// What the embedded migrations make, from a fresh database in memory
    /// brought up to this gaslog's schema; computed once, on first use, or
    /// why it could not be.
    private static let made: Result<[Object], LogbookError> = {
        do {
            let database = try Database(path: ":memory:", mode: .readWriteCreate)
            try Migrator.migrate(database, clock: { Timestamp(secondsSinceEpoch: 0) })
            return .success(try SchemaObjects(database).objects)
        } catch {
            return .failure(LogbookError(.internalFailure("cannot make the schema the migrations make: \(error)")))
        }
    }()

    static func expected() throws(LogbookError) -> [Object] {
        try made.get()
    }

    /// The first trigger or index of `database` that is missing, changed
    /// from what the migrations made, or not one of theirs; `nil` when all are as made.
    static func problem(in database: Database) throws -> String? {
        let expected = try expected()
        let found = try SchemaObjects(database).objects
        for object in expected {
            guard let present = found.first(where: { $0.type == object.type && $0.name == object.name }) else {
                return "schema: \(object.type) \(object.name) on \(object.table) is missing"
            }
            guard present == object else {
                return "schema: \(object.type) \(object.name) on \(object.table) differs from the one the migrations made"
            }
        }
        if let extra = found.first(where: { object in !expected.contains { $0.type == object.type && $0.name == object.name } }) {
            return "schema: \(extra.type) \(extra.name) on \(extra.table) is not one the migrations made"
        }
        return nil
    }
}
