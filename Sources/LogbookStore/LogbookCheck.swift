/// What `check` found: each check that passed, and the first problem, if
/// any, as facts that the core words; checking stops at the first problem.
public struct LogbookCheck: Sendable, Equatable {
    /// A check that passed, with its finding.
    public enum Pass: Sendable, Equatable {
        case integrity
        case foreignKeys
        case schemaVersion(Int)
        case auditTrail(entries: Int, head: String)
    }

    /// The first check that failed, with what it found.
    public enum Failure: Sendable, Equatable {
        /// SQLite's `integrity_check` answered this instead of `ok`, or nothing.
        case integrity(String?)
        /// A row of `table` refers to a missing row of `parent`.
        case foreignKey(row: Int?, table: String, parent: String)
        /// The schema version is not the one this gaslog writes.
        case schemaVersion(Int)
        /// A trigger or index is not as the migrations made it.
        case schemaObject(SchemaObjectProblem)
        /// SQLite found the file damaged, or not a database: its message.
        case damaged(String)
        /// Any other SQLite failure, as SQLite reports it.
        case database(String)
        /// A check the logbook refused.
        indirect case refused(LogbookError)
        /// The file is not a SQLite database, or is cut short.
        case notSQLite(file: String)
        /// SQLite cannot open the file: its failure.
        case cannotOpen(file: String, String)
    }

    /// A trigger or index that differs from the migrations' schema.
    public struct SchemaObjectProblem: Sendable, Equatable {
        /// How it differs.
        public enum Kind: Sendable, Equatable {
            case missing
            case changed
            case unknown
        }

        /// How it differs.
        public let kind: Kind
        /// `trigger` or `index`.
        public let type: String
        /// The trigger's or index's name.
        public let name: String
        /// The table it is on.
        public let table: String
    }

    /// The checks that passed, in the order they ran.
    public var passes: [Pass] = []
    /// The first check that failed.
    public var failure: Failure?

    /// Whether every check passed.
    public var isSound: Bool { failure == nil }

    /// Runs every check on `database`: SQLite's integrity and foreign-key
    /// checks, the schema version, every fill's stored MOD against its gas,
    /// and the audit trail as `verify` holds it.
    static func run(_ database: Database) -> LogbookCheck {
        var check = LogbookCheck()
        do {
            let integrity = try database.prepare("PRAGMA integrity_check").scalarText()
            guard integrity == "ok" else {
                check.failure = .integrity(integrity)
                return check
            }
            check.passes.append(.integrity)
            let foreignKeys = try database.prepare("PRAGMA foreign_key_check")
            try foreignKeys.bind([])
            if try foreignKeys.step() {
                check.failure = .foreignKey(
                    row: foreignKeys.optionalInteger("rowid"), table: foreignKeys.text("table"), parent: foreignKeys.text("parent"))
                return check
            }
            check.passes.append(.foreignKeys)
            let version = try database.integerPragma("user_version")
            guard version == Migration.latestVersion else {
                check.failure = .schemaVersion(version)
                return check
            }
            check.passes.append(.schemaVersion(version))
            // A dropped or changed trigger lets a change through that the schema refuses (an
            // edited fill, a deleted audit entry). Like the MODs, it adds no line when it passes.
            if let problem = try SchemaObjects.problem(in: database) {
                check.failure = .schemaObject(problem)
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
            check.passes.append(.auditTrail(entries: audit.entries, head: audit.head))
        } catch let error as LogbookError {
            check.failure = .refused(error)
        } catch let error as DatabaseError {
            check.failure = error.isDamaged ? .damaged(error.message) : .database(error.description)
        } catch {
            check.failure = .database("\(error)")
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
            return .failure(LogbookError(.internalFailure(.schemaUnavailable(reason: "\(error)"))))
        }
    }()

    static func expected() throws(LogbookError) -> [Object] {
        try made.get()
    }

    /// The first trigger or index of `database` that is missing, changed
    /// from what the migrations made, or not one of theirs; `nil` when all are as made.
    static func problem(in database: Database) throws -> LogbookCheck.SchemaObjectProblem? {
        let expected = try expected()
        let found = try SchemaObjects(database).objects
        for object in expected {
            guard let present = found.first(where: { $0.type == object.type && $0.name == object.name }) else {
                return .init(kind: .missing, type: object.type, name: object.name, table: object.table)
            }
            guard present == object else {
                return .init(kind: .changed, type: object.type, name: object.name, table: object.table)
            }
        }
        if let extra = found.first(where: { object in !expected.contains { $0.type == object.type && $0.name == object.name } }) {
            return .init(kind: .unknown, type: extra.type, name: extra.name, table: extra.table)
        }
        return nil
    }
}
