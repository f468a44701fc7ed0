import CSQLite
import Glibc

/// Whether the logbook can take the next fill, as a health check asks it.
public enum LogbookHealth: String, Sendable {
    /// Readable, of this gaslog's schema, writable, with room to grow.
    case ok
    /// The file cannot be opened for writing, or its file system has less
    /// than ``Logbook/minimumFreeBytes`` free.
    case unwritable
    /// The file's header or `sqlite_schema` cannot be read, or its
    /// `user_version` is not this gaslog's.
    case damaged
}

extension Logbook {
    /// The free space below which the logbook counts as unwritable: 64 MiB.
    public static let minimumFreeBytes = 64 << 20

    /// A cheap look at the logbook, without a scan: its header and schema
    /// read through a fresh read-only connection (never this logbook's own,
    /// whose cached pages would hide a change to the file), whether the file
    /// can be written, and the room left on its file system.
    public func health() -> LogbookHealth {
        guard let room = readableRoom() else { return .damaged }
        // `access` rather than opening the file: closing a descriptor of it
        // would drop this process's SQLite locks (see OpenDatabases).
        guard access(path, W_OK) == 0, room >= Logbook.minimumFreeBytes else { return .unwritable }
        return .ok
    }

    /// The bytes the logbook can still grow by, or `nil` when its header or
    /// schema cannot be read, or its version is not this gaslog's.
    private func readableRoom() -> Int? {
        guard let database = try? Database(path: path, mode: .readOnly) else { return nil }
        _ = gaslog_sqlite3_no_checkpoint_on_close(database.handle)
        do {
            return try database.readTransaction { () throws -> Int? in
                guard try database.integerPragma("user_version") == Migration.latestVersion else { return nil }
                _ = try database.prepare("SELECT count(*) FROM sqlite_schema").scalarInteger()
                var header = [UInt8](repeating: 0, count: 100)
                let code = header.withUnsafeMutableBytes { gaslog_sqlite3_read_file_start(database.handle, $0.baseAddress, 100) }
                guard code == SQLITE_OK, Array(header[0..<16]) == Array("SQLite format 3\0".utf8) else { return nil }
                var room = Logbook.freeBytes(beside: path) ?? 0
                if let maxPageCount {
                    let pages = try database.integerPragma("page_count")
                    let pageSize = try database.integerPragma("page_size")
                    room = min(room, max(0, maxPageCount - pages) * pageSize)
                }
                return room
            }
        } catch {
            return nil
        }
    }

    /// The bytes free to an unprivileged writer on the file system holding `path`.
    static func freeBytes(beside path: String) -> Int? {
        var status = statvfs()
        guard statvfs(path, &status) == 0 else { return nil }
        return Int(status.f_bavail) * Int(status.f_frsize)
    }
}
