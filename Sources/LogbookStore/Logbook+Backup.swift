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
    /// The copy has the logbook's mode, less anything beyond its owner's
    /// reading and writing (`mode & 0600`): it holds the accounts' password
    /// hashes. A failed backup leaves no file behind. Returns the copy's check.
    @discardableResult
    public func backup(to destination: String, replacing: Bool) throws(LogbookError) -> LogbookCheck {
        try requireExisting()
        if !replacing, access(destination, F_OK) == 0 {
            throw LogbookError(.cannotCreate(.exists(path: destination, restoring: false)))
        }
        let temporary = destination + ".tmp-\(getpid())"
        let mode = Logbook.privateMode(of: path)
        try DatabaseFile.createExclusive(temporary, mode: mode)
        // Every connection to the copy is closed before it is removed, so
        // that none writes a journal or log beside it afterwards.
        var renamed = false
        defer { if !renamed { DatabaseFile.removeWithCompanions(temporary) } }
        do {
            let copy = try Logbook.openCopy(temporary)
            try perform(writing: false) { source in
                do {
                    try Logbook.copy(from: source, to: copy)
                    // The copy stands alone: one file, without a write-ahead log.
                    try copy.execute(script: "PRAGMA journal_mode = DELETE")
                } catch let error as DatabaseError {
                    throw Logbook.copyFailure(error, writing: temporary)
                }
            }
        }
        let check = try Logbook.checkFile(temporary)
        if let failure = check.failure { throw LogbookError(.copyFailedCheck(destination: destination, failure)) }
        guard rename(temporary, destination) == 0 else {
            throw LogbookError(.cannotCreate(.failed(.renameCopy, path: destination, reason: systemMessage())))
        }
        renamed = true
        Logbook.syncFolder(of: destination)
        return check
    }

    /// The mode for a copy of the database at `path`: its own, less group's
    /// and others' bits and execute: never more open than the original, and
    /// never readable by anyone but its owner. 0600 when it cannot be read.
    static func privateMode(of path: String) -> mode_t {
        (DatabaseFile.permissions(of: path) ?? DatabaseFile.privateMode) & DatabaseFile.privateMode
    }

    /// A failure writing the copy at `path`, which names that file: a full
    /// disk there is the copy's, not the logbook's.
    static func copyFailure(_ error: DatabaseError, writing path: String) -> LogbookError {
        if error.isDiskFull { return LogbookError(.storageFull(path: path)) }
        return LogbookError(.cannotCreate(.failed(.write, path: path, reason: error.message)))
    }

    /// Puts the backup at `source` in place of the logbook, after checking it
    /// as ``check()`` does. The logbook it replaces is kept beside it as
    /// `NAME.before-restore-TIMESTAMP`, with the logbook's mode less
    /// anything beyond its owner's reading and writing; returns that path, or
    /// `nil` when there was no logbook. A logbook created by the restore is
    /// 0600. Refused, leaving everything as it was and no other file, when
    /// another connection holds the write lock or the kept copy cannot be written.
    @discardableResult
    public func restore(from source: String) throws(LogbookError) -> String? {
        let check = try Logbook.checkBackup(source)
        if let failure = check.failure { throw LogbookError(.unsoundBackup(source: source, failure)) }
        let existed = try DatabaseFile.inspect(path) != .missing
        let kept = existed ? path + ".before-restore-" + Logbook.fileTime(clock()) : nil
        if let kept, access(kept, F_OK) == 0 {
            throw LogbookError(.cannotCreate(.exists(path: kept, restoring: true)))
        }
        if let kept { try DatabaseFile.createExclusive(kept, mode: Logbook.privateMode(of: path)) }
        if !existed {
            try DatabaseFile.createParentFolders(of: path)
            try DatabaseFile.createPrivate(path)
        }
        var replaced = false
        do {
            try Logbook.replace(path, existed: existed, with: source, keeping: kept, onReplaced: { replaced = true })
        } catch {
            // Until the backup is copied over it, the logbook is as it was
            // (the copy is one transaction): the kept copy goes, and so does
            // a logbook this restore created.
            if !replaced {
                if let kept { DatabaseFile.removeWithCompanions(kept) }
                if !existed { DatabaseFile.removeWithCompanions(path) }
            }
            switch error {
            case let error as LogbookError: throw error
            case let error as DatabaseError:
                if error.isBusy { throw LogbookError(.inUse(path: path)) }
                throw LogbookError.database(error, path: path, busyTimeoutMilliseconds: 0)
            default: throw LogbookError(.internalFailure(.described("\(error)")))
            }
        }
        return kept
    }

    /// Holds the logbook's write lock from the start, copies the logbook to
    /// `kept` (an empty file made with its mode), then the backup over the logbook, calling `onReplaced` once that is committed.
    private static func replace(
        _ path: String, existed: Bool, with source: String, keeping kept: String?, onReplaced: () -> Void
    ) throws {
        let backup = try Database(path: source, mode: .readOnly)
        let logbook = try Database(path: path, mode: .readWrite)
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
            do {
                let copy = try openCopy(kept)
                try Logbook.copy(from: logbook, to: copy)
                try copy.execute(script: "PRAGMA journal_mode = DELETE")
            } catch let error as DatabaseError {
                throw copyFailure(error, writing: kept)
            }
        }
        try Logbook.copy(from: backup, to: logbook)
        onReplaced()
        // The backup is a single file; the logbook stays in WAL mode. The
        // locks go when `logbook` closes, on return.
        try logbook.execute(script: "PRAGMA journal_mode = WAL")
    }

    /// A connection to the new, empty file at `path`, made with its mode
    /// by ``DatabaseFile/createExclusive(_:mode:)``, or the reason it cannot be opened.
    private static func openCopy(_ path: String) throws(LogbookError) -> Database {
        do {
            return try Database(path: path, mode: .readWrite)
        } catch {
            throw LogbookError(.cannotCreate(.failed(.create, path: path, reason: error.message)))
        }
    }

    /// Checks a backup file without changing it: 66 material when it cannot
    /// be read, a problem when it is not a sound logbook.
    static func checkBackup(_ source: String) throws(LogbookError) -> LogbookCheck {
        let descriptor = open(source, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw LogbookError(.inputUnavailable(.failed(.read, path: source, reason: systemMessage())))
        }
        close(descriptor)
        switch try? DatabaseFile.inspect(source) {
        case .database?:
            return try checkFile(source)
        default:
            return LogbookCheck(failure: .notSQLite(file: source))
        }
    }

    /// Checks a database file read-only, without migrating it.
    static func checkFile(_ file: String) throws(LogbookError) -> LogbookCheck {
        do {
            let database = try Database(path: file, mode: .readOnly)
            try Migrator.defineFunctions(database)
            return LogbookCheck.run(database)
        } catch {
            return LogbookCheck(failure: .cannotOpen(file: file, "\(error)"))
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
            throw LogbookError(.inputUnavailable(.missingDatabase(path: path)))
        }
    }
}
