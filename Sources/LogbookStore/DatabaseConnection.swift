import Glibc

/// One connection to a logbook file, opened on first use, and everything
/// that opening involves: creating the file and its folders for a first
/// write, WAL and full sync, the read-only and immutable fallbacks, waiting
/// for another writer, and bringing the schema up to date.
///
/// A connection belongs to one thread at a time. Several threads of one
/// process each hold their own, to the same file; SQLite's locks and WAL
/// keep them apart as they keep processes apart.
final class DatabaseConnection {
    /// How long a writer waits for another connection's write lock, unless told otherwise.
    static let defaultBusyTimeoutMilliseconds = 20_000
    /// How long a writer waits before ``onWaitingForLock`` is called.
    static let waitNoticeMilliseconds = 2_000

    let path: String
    /// How long a writer waits for another connection's write lock.
    let busyTimeoutMilliseconds: Int
    /// The most pages the database may grow to (`PRAGMA max_page_count`), or
    /// `nil` for SQLite's default: a test's full disk.
    let maxPageCount: Int?
    /// The time a migration's follow-up records, such as the audit trail's backfill.
    let clock: @Sendable () -> Timestamp
    /// Called once when a write has waited 2 seconds for another lock.
    var onWaitingForLock: (() -> Void)?
    private var database: Database?
    private var isWritable = false
    /// The file this connection holds open, for ``OpenDatabases``.
    private var openFile: OpenDatabases.FileID?

    init(
        path: String, clock: @escaping @Sendable () -> Timestamp = Timestamp.now,
        busyTimeoutMilliseconds: Int = DatabaseConnection.defaultBusyTimeoutMilliseconds, maxPageCount: Int? = nil
    ) {
        self.path = path
        self.clock = clock
        self.busyTimeoutMilliseconds = busyTimeoutMilliseconds
        self.maxPageCount = maxPageCount
    }

    deinit {
        if let openFile { OpenDatabases.closed(openFile) }
    }

    /// Whether the connection has been opened.
    var isOpen: Bool { database != nil }

    /// Runs `body` on the open connection, turning every failure into a
    /// ``LogbookError`` that names this database.
    func perform<Result>(writing: Bool, _ body: (Database) throws -> Result) throws(LogbookError) -> Result {
        do {
            let database = try open(writing: writing)
            defer { database.resetCachedStatements() }
            return try body(database)
        } catch let error as LogbookError {
            throw error
        } catch let error as DatabaseError {
            throw LogbookError.database(error, path: path, busyTimeoutMilliseconds: busyTimeoutMilliseconds)
        } catch let error as FieldError {
            throw LogbookError.invalidInput(error)
        } catch {
            throw LogbookError(.internalFailure(.described("\(error)")))
        }
    }

    private func open(writing: Bool) throws -> Database {
        if let database, isWritable || !writing { return database }
        let file = try DatabaseFile.inspect(path)
        if case .database(let version) = file, version > Migration.latestVersion {
            throw newerSchema(version)
        }
        var database: Database
        if file == .missing && !writing {
            // Nothing to read yet: an empty logbook that leaves no file behind.
            database = try Database(path: ":memory:", mode: .readWriteCreate)
        } else {
            if file == .missing {
                try DatabaseFile.createParentFolders(of: path)
                try DatabaseFile.createPrivate(path)
            }
            database = try Database(path: path, mode: file == .missing ? .readWriteCreate : .readWrite)
        }
        do {
            try configure(database, writing: writing)
        } catch let error as DatabaseError where !writing && (error.isReadOnly || error.isCannotOpen) && !DatabaseFile.hasWriteAheadLog(path) {
            // A read-only file in a read-only folder: SQLite cannot create the
            // WAL index, but with nothing left in the log and nobody able to
            // write, the file can be read as immutable.
            database = try Database(path: path, mode: .immutable)
            try configure(database, writing: false)
        }
        self.database = database
        if openFile == nil, !database.isInMemory, let file = OpenDatabases.identity(of: path) {
            openFile = file
            OpenDatabases.opened(file)
        }
        if let openFile { database.groupCommit = GroupCommit.of(openFile) }
        // An existing file is opened read-write even to read, so a later write
        // through the same connection reuses it, unless it is read-only.
        isWritable = writing || (file != .missing && !database.isReadOnly)
        return database
    }

    /// Sets up a fresh connection. The schema version is checked before
    /// anything could write, so a newer database is left untouched.
    private func configure(_ database: Database, writing: Bool) throws {
        try database.setBusyTimeout(
            milliseconds: busyTimeoutMilliseconds,
            noticeAfterMilliseconds: DatabaseConnection.waitNoticeMilliseconds, onWaiting: onWaitingForLock)
        try Migrator.defineFunctions(database)
        // The pragma takes no bound parameters; the count is our own integer.
        // See <https://www.sqlite.org/pragma.html#pragma_max_page_count>.
        if let maxPageCount { try database.execute(script: "PRAGMA max_page_count = \(maxPageCount)") }
        let version = try database.integerPragma("user_version")
        guard version <= Migration.latestVersion else { throw newerSchema(version) }
        if !database.isReadOnly {
            // WAL lets readers work while a writer commits, and never shows
            // them half a change. See <https://www.sqlite.org/wal.html>.
            // FULL sync keeps every committed fill through a power cut.
            // See <https://www.sqlite.org/pragma.html#pragma_synchronous>.
            try retryingWhileBusy {
                try database.execute(script: "PRAGMA journal_mode = WAL")
            }
            try database.execute(script: "PRAGMA synchronous = FULL")
        } else if writing {
            throw LogbookError(.readOnly(path: path))
        }
        try database.execute(script: "PRAGMA foreign_keys = ON")
        if version < Migration.latestVersion {
            guard !database.isReadOnly else {
                throw LogbookError(.databaseUnusable(.upgradeNeedsWrite(path: path)))
            }
            do {
                try Migrator.migrate(database, clock: clock)
            } catch Migrator.Failure.newerSchema(let found, _) {
                throw newerSchema(found)
            }
        }
    }

    private func newerSchema(_ version: Int) -> LogbookError {
        LogbookError(.databaseUnusable(.newerSchema(path: path, version: version)))
    }

    /// Changing the journal mode needs an exclusive lock, which SQLite may
    /// refuse at once rather than wait for when several connections create
    /// the same database together; so this waits and tries again.
    private func retryingWhileBusy(_ body: () throws -> Void) throws {
        var delay: UInt32 = 1_000
        var waited: UInt32 = 0
        while true {
            do {
                return try body()
            } catch let error as DatabaseError where error.isBusy && waited < UInt32(busyTimeoutMilliseconds * 1_000) {
                usleep(delay)
                waited += delay
                delay = min(delay * 2, 100_000)
            }
        }
    }
}
