import CSQLite
import Glibc

/// Online backup, checks and restore, through SQLite's backup API, which
/// copies a consistent snapshot while other connections keep writing.
/// See <https://www.sqlite.org/backup.html>.
///
/// Nothing here checkpoints the write-ahead log: Litestream, which
/// replicates it, must see every frame (see `docs/scaling.md`).
extension Logbook {
    /// Runs every check on the logbook: integrity, foreign keys, schema
    /// version and audit trail.
    public func check() throws(LogbookError) -> LogbookCheck {
        try requireExisting()
        return try perform(writing: false) { database in LogbookCheck.run(database) }
    }

    /// Writes a consistent copy of the logbook to `destination`: first to a
    /// temporary file beside it, then checked, then renamed over it. An
    /// existing `destination` is replaced only when `replacing` is true.
    /// Returns the copy's check.
    @discardableResult
    public func backup(to destination: String, replacing: Bool) throws(LogbookError) -> LogbookCheck {
        try requireExisting()
        if !replacing, access(destination, F_OK) == 0 {
            throw LogbookError(.cannotCreate("\(destination) already exists; it was left as it was"))
        }
        let temporary = destination + ".tmp-\(getpid())"
        defer { unlink(temporary) }
        let copy = try Logbook.create(temporary)
        try perform(writing: false) { source in
            try Logbook.copy(from: source, to: copy)
            // The copy stands alone: one file, without a write-ahead log.
            try copy.execute(script: "PRAGMA journal_mode = DELETE")
        }
        let check = try Logbook.checkFile(temporary)
        guard check.isSound else {
            throw LogbookError(.databaseUnusable("the copy failed its check (\(check.problem ?? "")); nothing was written to \(destination)"))
        }
        guard rename(temporary, destination) == 0 else {
            throw LogbookError(.cannotCreate("cannot rename the copy to \(destination): \(systemMessage())"))
        }
        Logbook.syncFolder(of: destination)
        return check
    }

    /// Puts the backup at `source` in place of the logbook, after checking it
    /// as ``check()`` does. The logbook it replaces is kept beside it as
    /// `NAME.before-restore-TIMESTAMP`; returns that path, or `nil` when
    /// there was no logbook. Refused, leaving everything as it was, when
    /// another connection holds the write lock.
    @discardableResult
    public func restore(from source: String) throws(LogbookError) -> String? {
        let check = try Logbook.checkBackup(source)
        guard check.isSound else { throw LogbookError(.unsoundBackup("\(source): \(check.problem ?? "")")) }
        let existed = try DatabaseFile.inspect(path) != .missing
        if !existed { try DatabaseFile.createParentFolders(of: path) }
        let kept = existed ? path + ".before-restore-" + Logbook.fileTime(clock()) : nil
        if let kept, access(kept, F_OK) == 0 {
            throw LogbookError(.cannotCreate("\(kept) already exists; nothing was restored"))
        }
        do {
            try Logbook.replace(path, existed: existed, with: source, keeping: kept)
        } catch let error as LogbookError {
            throw error
        } catch let error as DatabaseError {
            if error.isBusy { throw LogbookError(.inUse(path: path)) }
            throw LogbookError.database(error, path: path, busyTimeoutMilliseconds: 0)
        } catch {
            throw LogbookError(.internalFailure("\(error)"))
        }
        return kept
    }

    /// Holds the logbook's write lock from the start, copies the logbook to
    /// `kept`, then the backup over the logbook.
    private static func replace(_ path: String, existed: Bool, with source: String, keeping kept: String?) throws {
        let backup = try Database(path: source, mode: .readOnly)
        let logbook = try Database(path: path, mode: existed ? .readWrite : .readWriteCreate)
        // With no busy handler, a lock held elsewhere fails at once. In the
        // exclusive locking mode the first write transaction's locks stay
        // until the connection closes, so that nobody writes (or reads)
        // between the copy that is kept and the replacement. The copies run
        // outside a transaction: the backup API refuses a source connection
        // that is writing, and a destination with a transaction open.
        // See <https://www.sqlite.org/pragma.html#pragma_locking_mode>.
        try logbook.execute(script: "PRAGMA locking_mode = EXCLUSIVE")
        do {
            try logbook.execute(script: "BEGIN IMMEDIATE")
            try logbook.execute(script: "COMMIT")
        } catch {
            if error.isBusy { throw LogbookError(.inUse(path: path)) }
            throw error
        }
        if let kept {
            let copy = try create(kept)
            try Logbook.copy(from: logbook, to: copy)
            try copy.execute(script: "PRAGMA journal_mode = DELETE")
        }
        try Logbook.copy(from: backup, to: logbook)
        // The backup is a single file; the logbook stays in WAL mode. The
        // locks go when `logbook` closes, on return.
        try logbook.execute(script: "PRAGMA journal_mode = WAL")
    }

    /// A new database file, or the reason it cannot be made.
    private static func create(_ path: String) throws(LogbookError) -> Database {
        do {
            return try Database(path: path, mode: .readWriteCreate)
        } catch {
            throw LogbookError(.cannotCreate("cannot create \(path): \(error.message)"))
        }
    }

    /// Checks a backup file without changing it: 66 material when it cannot
    /// be read, a problem when it is not a sound logbook.
    static func checkBackup(_ source: String) throws(LogbookError) -> LogbookCheck {
        let descriptor = open(source, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw LogbookError(.inputUnavailable("cannot read \(source): \(systemMessage())"))
        }
        close(descriptor)
        switch try? DatabaseFile.inspect(source) {
        case .database?:
            return try checkFile(source)
        default:
            return LogbookCheck(passed: [], problem: "\(source) is not a SQLite database, or is cut short")
        }
    }

    /// Checks a database file read-only, without migrating it.
    static func checkFile(_ file: String) throws(LogbookError) -> LogbookCheck {
        do {
            let database = try Database(path: file, mode: .readOnly)
            try Migrator.defineFunctions(database)
            return LogbookCheck.run(database)
        } catch {
            return LogbookCheck(passed: [], problem: "cannot open \(file): \(error)")
        }
    }

    /// Copies every page of `source` into `destination` in one step, which
    /// reads one snapshot of the source. A destination busy for a moment is
    /// tried again, as the backup documentation advises.
    static func copy(from source: Database, to destination: Database) throws(DatabaseError) {
        guard let backup = sqlite3_backup_init(destination.handle, "main", source.handle, "main") else {
            throw DatabaseError(code: sqlite3_extended_errcode(destination.handle), connection: destination.handle)
        }
        var code = sqlite3_backup_step(backup, -1)
        var attempts = 0
        while (code == SQLITE_BUSY || code == SQLITE_LOCKED) && attempts < 200 {
            usleep(10_000)
            attempts += 1
            code = sqlite3_backup_step(backup, -1)
        }
        let finish = sqlite3_backup_finish(backup)
        guard code == SQLITE_DONE else { throw DatabaseError(code: code, connection: destination.handle) }
        guard finish == SQLITE_OK else { throw DatabaseError(code: finish, connection: destination.handle) }
    }

    /// `20261130T120000Z`: a time for a file name, sorting in time order.
    static func fileTime(_ time: Timestamp) -> String {
        String(time.iso8601.filter { $0 != "-" && $0 != ":" })
    }

    /// Makes a rename durable: the folder's entry reaches the disk.
    static func syncFolder(of path: String) {
        let folder = path.contains("/") ? String(path[..<(path.lastIndex(of: "/") ?? path.endIndex)]) : "."
        let descriptor = open(folder.isEmpty ? "/" : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    /// Refuses to back up or check a logbook that does not exist, rather than
    /// an empty one made up in memory.
    private func requireExisting() throws(LogbookError) {
        if try DatabaseFile.inspect(path) == .missing {
            throw LogbookError(.inputUnavailable("database \(path) does not exist"))
        }
    }
}
