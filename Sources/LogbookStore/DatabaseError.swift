import CSQLite

/// A failed SQLite call: its result code, SQLite's message, and the SQL that
/// was running, so that a failure can be told apart and reported exactly.
///
/// See <https://www.sqlite.org/rescode.html>.
struct DatabaseError: Error, Sendable, CustomStringConvertible {
    /// The extended result code (the primary code is its low byte).
    let extendedCode: Int32
    let message: String
    let sql: String?

    var primaryCode: Int32 { extendedCode & 0xFF }

    init(code: Int32, message: String, sql: String? = nil) {
        extendedCode = code
        self.message = message
        self.sql = sql
    }

    init(code: Int32, connection: OpaquePointer?, sql: String? = nil) {
        let message =
            connection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
            ?? String(cString: sqlite3_errstr(code))
        self.init(code: code, message: message, sql: sql)
    }

    /// Another connection holds the lock for longer than the busy timeout.
    var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }
    /// The file or its folder cannot be written.
    var isReadOnly: Bool { primaryCode == SQLITE_READONLY || primaryCode == SQLITE_PERM }
    /// The file is not a database, or is damaged.
    var isDamaged: Bool { primaryCode == SQLITE_NOTADB || primaryCode == SQLITE_CORRUPT }
    var isCannotOpen: Bool { primaryCode == SQLITE_CANTOPEN }
    var isDiskFull: Bool { primaryCode == SQLITE_FULL }

    var description: String {
        var text = "SQLite error \(extendedCode): \(message)"
        if let sql { text += " (in: \(sql))" }
        return text
    }
}
