import CSQLite

/// One SQLite connection, closed when it goes away.
///
/// Every call's result code is checked and thrown as a ``DatabaseError``.
/// See <https://www.sqlite.org/c3ref/sqlite3.html>.
final class Database {
    enum OpenMode: Sendable {
        case readOnly
        case readWrite
        case readWriteCreate
        /// Read-only, for a file that nothing can change while it is open,
        /// such as one in a folder nobody may write to. SQLite then needs no
        /// `-shm` file. See <https://www.sqlite.org/uri.html#uriimmutable>.
        case immutable

        var flags: Int32 {
            switch self {
            case .readOnly: SQLITE_OPEN_READONLY
            case .readWrite: SQLITE_OPEN_READWRITE
            case .readWriteCreate: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
            case .immutable: SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
            }
        }
    }

    let handle: OpaquePointer
    let path: String
    private var lockWaiter: LockWaiter?
    /// Where this process's writes to the same file are committed together;
    /// a group of its own for a database in memory, which no other connection can reach.
    lazy var groupCommit = GroupCommit()
    /// Statements compiled once and kept for the connection's life. A short
    /// list, not a dictionary: hashing a long SQL text would cost more than
    /// comparing it with a few, and the same constant compares in one step.
    private var cachedStatements: [Statement] = []
    private static let cachedStatementLimit = 32

    /// Opens `path` (or `:memory:`).
    ///
    /// The connection is used from one thread only, so SQLite's own mutexes
    /// are off (`SQLITE_OPEN_NOMUTEX`), and extended result codes are on so
    /// that errors say exactly what failed.
    init(path: String, mode: OpenMode) throws(DatabaseError) {
        Database.configureOnce
        var handle: OpaquePointer?
        let flags = mode.flags | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        let name = mode == .immutable ? Database.immutableURI(path) : path
        let code = sqlite3_open_v2(name, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            let error = DatabaseError(code: code, connection: handle)
            sqlite3_close_v2(handle)
            throw error
        }
        self.handle = handle
        self.path = path
    }

    deinit {
        cachedStatements.removeAll()
        sqlite3_close_v2(handle)
    }

    /// SQLite's process-wide settings, made before its first connection:
    /// no memory statistics, whose global mutex every allocation would take.
    /// Too late (a connection of another part already open) leaves the default.
    private static let configureOnce: Void = {
        _ = gaslog_sqlite3_disable_memory_statistics()
    }()

    /// `file:` URI for `path` with `immutable=1`, escaping what a URI reserves.
    private static func immutableURI(_ path: String) -> String {
        var uri = "file:"
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "/"), UInt8(ascii: "."),
                UInt8(ascii: "-"), UInt8(ascii: "_"):
                uri.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                uri += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return uri + "?immutable=1"
    }

    func prepare(_ sql: String) throws(DatabaseError) -> Statement {
        try Statement(database: self, sql: sql)
    }

    /// The statement for `sql`, compiled on its first use and kept, for the
    /// queries that run on every request a server answers: compiling costs
    /// more than running them. The caller runs it to the end before asking
    /// for the same SQL again; one still running is never handed out twice,
    /// a fresh one is compiled instead. See <https://www.sqlite.org/c3ref/prepare.html>.
    func cachedStatement(_ sql: String) throws(DatabaseError) -> Statement {
        if let statement = cachedStatements.first(where: { $0.sql == sql }) {
            if !statement.isRunning { return statement }
            return try prepare(sql)
        }
        let statement = try prepare(sql)
        if cachedStatements.count == Database.cachedStatementLimit { cachedStatements.removeFirst() }
        cachedStatements.append(statement)
        return statement
    }

    /// Resets every kept statement, so that none stopped before its last row
    /// holds a read snapshot open after the work that used it.
    func resetCachedStatements() {
        for statement in cachedStatements { sqlite3_reset(statement.handle) }
    }

    /// Runs one or more statements that take no parameters, such as a
    /// migration script.
    func execute(script sql: String) throws(DatabaseError) {
        var message: UnsafeMutablePointer<CChar>?
        let code = sqlite3_exec(handle, sql, nil, nil, &message)
        guard code == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(code))
            sqlite3_free(message)
            throw DatabaseError(code: sqlite3_extended_errcode(handle), message: text, sql: sql, systemErrno: sqlite3_system_errno(handle))
        }
    }

    /// Runs `body` in a transaction that takes the write lock up front, on
    /// this connection or, committed together with other threads' writes, on
    /// another connection of this process to the same file: `body` uses the
    /// connection it is given. See ``GroupCommit``.
    ///
    /// `BEGIN IMMEDIATE` makes a second writer wait in the busy handler at
    /// the start, instead of failing with SQLITE_BUSY when a deferred read
    /// transaction tries to upgrade. See <https://www.sqlite.org/lang_transaction.html>.
    /// The transaction is rolled back when `body` throws, so a command either
    /// happens completely or not at all.
    func writeTransaction<Result>(_ body: (Database) throws -> Result) throws -> Result {
        try withoutActuallyEscaping(body) { body in try groupCommit.write(on: self, body) }
    }

    /// Runs `body` in one read transaction, so that every query in it sees the
    /// same snapshot of the database even while another process writes.
    func readTransaction<Result>(_ body: () throws -> Result) throws -> Result {
        try cachedStatement("BEGIN DEFERRED").execute()
        defer {
            // Ending a read cannot lose anything, so a failure here is not reported.
            if sqlite3_get_autocommit(handle) == 0 { _ = try? cachedStatement("COMMIT").execute() }
        }
        return try body()
    }

    /// Waits up to `milliseconds` for another connection's lock instead of
    /// failing at once, calling `onWaiting` once if the wait passes
    /// `noticeAfterMilliseconds`, so that a person at a terminal knows why
    /// nothing happens. See <https://www.sqlite.org/c3ref/busy_handler.html>.
    func setBusyTimeout(milliseconds: Int, noticeAfterMilliseconds: Int, onWaiting: (() -> Void)?) throws(DatabaseError) {
        let waiter = LockWaiter(timeoutMilliseconds: milliseconds, noticeAfterMilliseconds: noticeAfterMilliseconds, onWaiting: onWaiting)
        let code = sqlite3_busy_handler(
            handle,
            { pointer, attempt in
                Unmanaged<LockWaiter>.fromOpaque(pointer!).takeUnretainedValue().waitOnce(attempt: Int(attempt)) ? 1 : 0
            }, Unmanaged.passUnretained(waiter).toOpaque())
        guard code == SQLITE_OK else { throw DatabaseError(code: code, connection: handle) }
        // The connection keeps the waiter alive as long as SQLite may call it.
        lockWaiter = waiter
    }

    /// A writable copy of the database in memory, for work that must not
    /// change the file, such as a dry run on a read-only logbook.
    /// See <https://www.sqlite.org/backup.html>.
    func copyInMemory() throws(DatabaseError) -> Database {
        let copy = try Database(path: ":memory:", mode: .readWriteCreate)
        guard let backup = sqlite3_backup_init(copy.handle, "main", handle, "main") else {
            throw DatabaseError(code: sqlite3_errcode(copy.handle), connection: copy.handle)
        }
        let stepCode = sqlite3_backup_step(backup, -1)
        let finishCode = sqlite3_backup_finish(backup)
        guard stepCode == SQLITE_DONE, finishCode == SQLITE_OK else {
            throw DatabaseError(code: stepCode == SQLITE_DONE ? finishCode : stepCode, connection: copy.handle)
        }
        return copy
    }

    /// Defines `name(text)` for this connection's SQL, computed in Swift; NULL
    /// gives NULL. It is deterministic, so SQLite may use it in indexes.
    /// See <https://www.sqlite.org/c3ref/create_function.html>.
    func defineFunction(_ name: String, _ transform: @escaping (String) -> String) throws(DatabaseError) {
        let function = TextFunction(transform)
        let code = sqlite3_create_function_v2(
            handle, name, 1, SQLITE_UTF8 | SQLITE_DETERMINISTIC, Unmanaged.passRetained(function).toOpaque(),
            { context, _, arguments in
                let function = Unmanaged<TextFunction>.fromOpaque(sqlite3_user_data(context)!).takeUnretainedValue()
                guard let argument = arguments?[0], let text = sqlite3_value_text(argument) else {
                    return sqlite3_result_null(context)
                }
                sqlite3_result_text(context, function.transform(String(cString: text)), -1, sqliteTransient)
            },
            nil, nil,
            { pointer in Unmanaged<TextFunction>.fromOpaque(pointer!).release() })
        guard code == SQLITE_OK else { throw DatabaseError(code: code, connection: handle) }
    }

    /// Whether the connection cannot write, because the file or its folder is
    /// read-only or it was opened read-only.
    /// Whether this is an in-memory database, not a file.
    var isInMemory: Bool { path == ":memory:" }

    var isReadOnly: Bool {
        sqlite3_db_readonly(handle, "main") == 1
    }

    var lastInsertedRowID: Int {
        Int(sqlite3_last_insert_rowid(handle))
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    var changes: Int {
        Int(sqlite3_changes64(handle))
    }

    /// The value of an integer pragma such as `user_version`.
    func integerPragma(_ name: String) throws(DatabaseError) -> Int {
        try prepare("PRAGMA \(name)").scalarInteger() ?? 0
    }
}
