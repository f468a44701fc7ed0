import Glibc

/// What is at the database path before SQLite touches it.
///
/// SQLite opens any file lazily and may write to it before it notices that
/// the file is not a database or is cut short, so gaslog reads the 100-byte
/// header itself first and refuses such a file without opening it.
/// See <https://www.sqlite.org/fileformat.html#the_database_header>.
enum DatabaseFile: Equatable {
    /// Nothing there yet.
    case missing
    /// An empty file, which SQLite treats as a new database.
    case empty
    /// A SQLite database whose header records `userVersion`.
    case database(userVersion: Int)
    /// A file another connection of this process has open, so its header is
    /// not read here (see ``OpenDatabases``); SQLite checks its version.
    case openHere

    static func inspect(_ path: String) throws(LogbookError) -> DatabaseFile {
        // Another process may be extending the file at this moment (a
        // checkpoint writes the header's new page count before the last
        // pages): a file that looks cut short is looked at again before it
        // is refused. A truly truncated file stays short.
        var look = try inspectOnce(path)
        for _ in 0..<10 {
            guard case .truncated = look else { break }
            usleep(20_000)
            look = try inspectOnce(path)
        }
        switch look {
        case .file(let file):
            return file
        case .truncated(let size, let expected):
            throw LogbookError(.databaseUnusable(.truncated(path: path, size: size, expected: expected)))
        }
    }

    /// One look at the file: what it is, or that it is shorter than its header says.
    private enum Look {
        case file(DatabaseFile)
        case truncated(size: Int, expected: Int)
    }

    private static func inspectOnce(_ path: String) throws(LogbookError) -> Look {
        var status = stat()
        guard stat(path, &status) == 0 else {
            // A missing folder on the way (ENOTDIR for a file in the way) is
            // reported when the folders are created.
            if errno == ENOENT || errno == ENOTDIR { return .file(.missing) }
            throw LogbookError(.databaseUnusable(.unreadable(path: path, system: systemMessage())))
        }
        guard (status.st_mode & S_IFMT) == S_IFREG else {
            throw LogbookError(.databaseUnusable(.notRegularFile(path: path)))
        }
        let size = Int(status.st_size)
        if size == 0 { return .file(.empty) }
        // Another connection of this process has the file open: reading the
        // header here would drop its locks (see OpenDatabases).
        if OpenDatabases.isOpen(path) { return .file(.openHere) }

        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw LogbookError(.databaseUnusable(.unreadable(path: path, system: systemMessage())))
        }
        defer { close(descriptor) }
        var header = [UInt8](repeating: 0, count: 100)
        let count = header.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, 100) }
        let magic = Array("SQLite format 3\0".utf8)
        guard count == 100, Array(header[0..<16]) == magic else {
            throw LogbookError(.databaseUnusable(.notSQLite(path: path)))
        }

        func bigEndian(_ offset: Int, _ width: Int) -> Int {
            header[offset..<offset + width].reduce(0) { $0 << 8 | Int($1) }
        }
        let rawPageSize = bigEndian(16, 2)
        let pageSize = rawPageSize == 1 ? 65_536 : rawPageSize
        let pageCount = bigEndian(28, 4)
        // The page count is trustworthy only when it was written by the same
        // change that the change counter records.
        let pageCountIsValid = pageCount > 0 && bigEndian(92, 4) == bigEndian(24, 4)
        // A crash during a checkpoint can leave the main file short while the
        // write-ahead log still holds the pages, which SQLite recovers.
        if pageCountIsValid, !hasWriteAheadLog(path), size < pageCount * pageSize {
            return .truncated(size: size, expected: pageCount * pageSize)
        }
        return .file(.database(userVersion: bigEndian(60, 4)))
    }

    /// Whether a non-empty `-wal` file holds commits not yet in the main file.
    static func hasWriteAheadLog(_ path: String) -> Bool {
        var status = stat()
        return stat(path + "-wal", &status) == 0 && status.st_size > 0
    }

    /// The mode a new logbook is created with: its owner's alone. SQLite
    /// gives the `-wal` and `-shm` files the database file's mode.
    static let privateMode: mode_t = 0o600

    /// Creates the logbook's empty file, readable and writable by its owner
    /// only, before SQLite opens it: SQLite would create it 0644 less the
    /// umask. SQLite treats an empty file as a new database. A file that
    /// appeared meanwhile (another program creating the logbook too) is left as it is.
    static func createPrivate(_ path: String) throws(LogbookError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, privateMode)
        guard descriptor >= 0 else {
            if errno == EEXIST { return }
            throw LogbookError(.cannotCreate(.failed(.createDatabase, path: path, reason: systemMessage())))
        }
        // The umask may have taken bits away; the owner keeps reading and writing.
        fchmod(descriptor, privateMode)
        close(descriptor)
    }

    /// Creates a new file at `path` with exactly `mode`, failing if anything
    /// is there already, for a copy that SQLite then fills. The caller removes it on failure.
    static func createExclusive(_ path: String, mode: mode_t) throws(LogbookError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw LogbookError(.cannotCreate(.failed(.create, path: path, reason: systemMessage()))) }
        defer { close(descriptor) }
        guard fchmod(descriptor, mode) == 0 else {
            let message = systemMessage()
            unlink(path)
            throw LogbookError(.cannotCreate(.failed(.setMode, path: path, reason: message)))
        }
    }

    /// The permission bits of the file at `path`, or `nil` when it cannot be read.
    static func permissions(of path: String) -> mode_t? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return status.st_mode & 0o7777
    }

    /// Removes a database file that was being made, with the journal,
    /// write-ahead log and index that SQLite may have left beside it.
    static func removeWithCompanions(_ path: String) {
        for suffix in ["", "-journal", "-wal", "-shm"] { unlink(path + suffix) }
    }

    /// Creates the folders above `path`, as `mkdir -p` does.
    static func createParentFolders(of path: String) throws(LogbookError) {
        var folder = ""
        for (index, component) in path.split(separator: "/", omittingEmptySubsequences: false).dropLast().enumerated() {
            folder += index == 0 ? String(component) : "/" + component
            guard !component.isEmpty else { continue }
            if mkdir(folder, 0o777) != 0, errno != EEXIST {
                throw LogbookError(.cannotCreate(.failed(.createFolderForDatabase, path: folder, reason: systemMessage())))
            }
        }
    }
}

func systemMessage() -> String {
    String(cString: strerror(errno))
}
