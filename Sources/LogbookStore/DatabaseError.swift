import CSQLite
import Glibc

/// A failed SQLite call: its result code, SQLite's message, and the SQL that
/// was running, so that a failure can be told apart and reported exactly.
///
/// See <https://www.sqlite.org/rescode.html>.
struct DatabaseError: Error, Sendable, CustomStringConvertible {
    /// The extended result code (the primary code is its low byte).
    let extendedCode: Int32
    let message: String
    let sql: String?
    /// The operating system's `errno` behind an I/O error, or 0.
    let systemErrno: Int32

    var primaryCode: Int32 { extendedCode & 0xFF }

    init(code: Int32, message: String, sql: String? = nil, systemErrno: Int32 = 0) {
        extendedCode = code
        self.message = message
        self.sql = sql
        self.systemErrno = systemErrno
    }

    init(code: Int32, connection: OpaquePointer?, sql: String? = nil) {
        let message =
            connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
            ?? String(cString: sqlite3_errstr(code))
        self.init(code: code, message: message, sql: sql, systemErrno: connection.map { sqlite3_system_errno($0) } ?? 0)
    }

    /// Another connection holds the lock for longer than the busy timeout.
    var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }
    /// The file or its folder cannot be written.
    var isReadOnly: Bool { primaryCode == SQLITE_READONLY || primaryCode == SQLITE_PERM }
    /// The file is not a database, or is damaged.
    var isDamaged: Bool { primaryCode == SQLITE_NOTADB || primaryCode == SQLITE_CORRUPT }
    var isCannotOpen: Bool { primaryCode == SQLITE_CANTOPEN }
    /// The disk is full, or the database at its `max_page_count`: SQLITE_FULL,
    /// or an I/O error (such as growing the `-shm` or `-wal`) whose cause was ENOSPC.
    var isDiskFull: Bool { primaryCode == SQLITE_FULL || (primaryCode == SQLITE_IOERR && systemErrno == ENOSPC) }

    var description: String {
        var text = "SQLite error \(extendedCode): \(message)"
        if let sql { text += " (in: \(sql))" }
        return text
    }
}
