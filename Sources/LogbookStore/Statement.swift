import CSQLite

/// Tells SQLite to copy bound text before the call returns, because Swift
/// only lends the buffer for the duration of the closure.
/// See <https://www.sqlite.org/c3ref/c_static.html>.
let sqliteTransient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

/// A prepared statement. It is finalized when it goes away, and values only
/// ever reach it as bound parameters, never spliced into its SQL.
///
/// See <https://www.sqlite.org/c3ref/stmt.html>.
final class Statement {
    let handle: OpaquePointer
    let sql: String
    private unowned let database: Database

    init(database: Database, sql: String) throws(DatabaseError) {
        var handle: OpaquePointer?
        let code = sqlite3_prepare_v3(database.handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &handle, nil)
        guard code == SQLITE_OK, let handle else {
            throw DatabaseError(code: code, connection: database.handle, sql: sql)
        }
        self.handle = handle
        self.sql = sql
        self.database = database
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// Whether it has been stepped and not yet run to its end or reset.
    var isRunning: Bool {
        sqlite3_stmt_busy(handle) != 0
    }

    /// Resets the statement and binds each value to the parameter of its name
    /// (`o2_permille` for `:o2_permille`). Every parameter must get a value and every value a
    /// parameter, so a misspelt name is an error rather than a NULL.
    func bind(_ values: [String: DatabaseValue]) throws(DatabaseError) {
        try check(sqlite3_reset(handle))
        guard values.count == Int(sqlite3_bind_parameter_count(handle)) else {
            throw DatabaseError(
                code: SQLITE_RANGE, message: "\(values.count) values for \(sqlite3_bind_parameter_count(handle)) parameters", sql: sql)
        }
        for (name, value) in values {
            guard let index = parameterIndexes[name] else {
                throw DatabaseError(code: SQLITE_RANGE, message: "no parameter named \(name)", sql: sql)
            }
            try bind(value, at: index)
        }
    }

    /// Binds `values` by name and runs the statement to completion.
    func execute(_ values: [String: DatabaseValue]) throws(DatabaseError) {
        try bind(values)
        while try step() {}
    }

    /// Resets the statement and binds `values` to its parameters, in order.
    /// Every parameter gets a value, so none keeps one from an earlier run.
    func bind(_ values: [DatabaseValue]) throws(DatabaseError) {
        try check(sqlite3_reset(handle))
        guard values.count == Int(sqlite3_bind_parameter_count(handle)) else {
            throw DatabaseError(
                code: SQLITE_RANGE, message: "\(values.count) values for \(sqlite3_bind_parameter_count(handle)) parameters", sql: sql)
        }
        for (offset, value) in values.enumerated() {
            try bind(value, at: Int32(offset + 1))
        }
    }

    /// Resets the statement for a new run, keeping its bound values until
    /// they are bound again.
    func reset() throws(DatabaseError) {
        try check(sqlite3_reset(handle))
    }

    /// Binds UTF-8 `bytes` as text to the parameter at `index`: a kept
    /// statement binds an entry's bytes without first making them a String.
    func bindText(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int32) throws(DatabaseError) {
        // An empty buffer may have no address, which SQLite would bind as NULL.
        let code =
            bytes.isEmpty
            ? sqlite3_bind_text(handle, index, "", 0, sqliteTransient)
            : sqlite3_bind_text(
                handle, index, UnsafeRawPointer(bytes.baseAddress!).assumingMemoryBound(to: CChar.self), Int32(bytes.count), sqliteTransient)
        try check(code)
    }

    /// Checks once, when a kept statement is prepared, that its parameters
    /// are `names` in this order, so that binding by position binds by name.
    func expectParameters(_ names: [String]) {
        let count = Int(sqlite3_bind_parameter_count(handle))
        let actual = (0..<count).map { sqlite3_bind_parameter_name(handle, Int32($0 + 1)).map { String(cString: $0 + 1) } ?? "" }
        precondition(actual == names, "parameters \(actual), not \(names), in: \(sql)")
    }

    /// Runs the statement, as bound, to completion.
    func run() throws(DatabaseError) {
        while try step() {}
    }

    /// Binds `value` to the parameter at `index`, from 1.
    func bind(_ value: DatabaseValue, at index: Int32) throws(DatabaseError) {
        switch value {
        case .null:
            try check(sqlite3_bind_null(handle, index))
        case .integer(let integer):
            try check(sqlite3_bind_int64(handle, index, Int64(integer)))
        case .text(var text):
            let code = text.withUTF8 { buffer in
                // An empty buffer may have no address, which SQLite would bind as NULL.
                buffer.isEmpty
                    ? sqlite3_bind_text(handle, index, "", 0, sqliteTransient)
                    : sqlite3_bind_text(handle, index, buffer.baseAddress, Int32(buffer.count), sqliteTransient)
            }
            try check(code)
        }
    }

    /// Advances to the next row; `false` once the statement is done.
    func step() throws(DatabaseError) -> Bool {
        let code = sqlite3_step(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            // sqlite3_reset returns the same error; resetting releases the
            // statement's locks so that a rolled-back transaction can end.
            sqlite3_reset(handle)
            throw DatabaseError(code: code, connection: database.handle, sql: sql)
        }
    }

    /// Binds `values` and runs the statement to completion.
    func execute(_ values: [DatabaseValue] = []) throws(DatabaseError) {
        try bind(values)
        while try step() {}
    }

    /// Binds `values` by name and reads the first row with `read`, if there
    /// is one; then resets, so that a kept statement is free for its next use.
    func firstRow<Row>(_ values: [String: DatabaseValue], _ read: (Statement) throws -> Row) throws -> Row? {
        try bind(values)
        defer { sqlite3_reset(handle) }
        return try step() ? try read(self) : nil
    }

    /// Binds `values` by name and returns the first column of the first row as text.
    func scalarText(_ values: [String: DatabaseValue]) throws(DatabaseError) -> String? {
        try bind(values)
        guard try step() else { return nil }
        let value = optionalText(0)
        sqlite3_reset(handle)
        return value
    }

    /// Binds `values` and returns the first column of the first row as text.
    func scalarText(_ values: [DatabaseValue] = []) throws(DatabaseError) -> String? {
        try bind(values)
        guard try step() else { return nil }
        let value = optionalText(0)
        sqlite3_reset(handle)
        return value
    }

    /// Binds `values` by name and returns the first column of the first row, if any.
    func scalarInteger(_ values: [String: DatabaseValue]) throws(DatabaseError) -> Int? {
        try bind(values)
        return try firstInteger()
    }

    /// Binds `values` and returns the first column of the first row, if any.
    func scalarInteger(_ values: [DatabaseValue] = []) throws(DatabaseError) -> Int? {
        try bind(values)
        return try firstInteger()
    }

    private func firstInteger() throws(DatabaseError) -> Int? {
        guard try step() else { return nil }
        let value = isNull(0) ? nil : integer(0)
        sqlite3_reset(handle)
        return value
    }

    /// Each `:name` parameter's index by its name without the colon, read
    /// once: a statement kept for many runs binds by name without asking SQLite each time.
    private lazy var parameterIndexes: [String: Int32] = {
        var indexes: [String: Int32] = [:]
        for index in 1...max(1, sqlite3_bind_parameter_count(handle)) {
            guard let name = sqlite3_bind_parameter_name(handle, index), name.pointee == CChar(UInt8(ascii: ":")) else { continue }
            indexes[String(cString: name + 1)] = index
        }
        return indexes
    }()

    /// Each result column's index by its name, read once.
    private lazy var columnIndexes: [String: Int32] = {
        var indexes: [String: Int32] = [:]
        for column in 0..<sqlite3_column_count(handle) {
            indexes[String(cString: sqlite3_column_name(handle, column))] = column
        }
        return indexes
    }()

    /// The index of the result column `name`. A name the statement does not
    /// select is a mistake in gaslog's own SQL, found by any test that runs it.
    func column(_ name: String) -> Int32 {
        guard let index = columnIndexes[name] else {
            preconditionFailure("no column \(name) in: \(sql)")
        }
        return index
    }

    func isNull(_ name: String) -> Bool { isNull(column(name)) }
    func integer(_ name: String) -> Int { integer(column(name)) }
    func optionalInteger(_ name: String) -> Int? { optionalInteger(column(name)) }
    func text(_ name: String) -> String { text(column(name)) }
    func optionalText(_ name: String) -> String? { optionalText(column(name)) }

    var columnCount: Int32 {
        sqlite3_column_count(handle)
    }

    func isNull(_ column: Int32) -> Bool {
        sqlite3_column_type(handle, column) == SQLITE_NULL
    }

    func integer(_ column: Int32) -> Int {
        Int(sqlite3_column_int64(handle, column))
    }

    func optionalInteger(_ column: Int32) -> Int? {
        isNull(column) ? nil : integer(column)
    }

    func text(_ column: Int32) -> String {
        guard let bytes = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// The UTF-8 bytes of a text column, valid until the statement steps or resets.
    func textBytes(_ column: Int32) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: sqlite3_column_text(handle, column), count: Int(sqlite3_column_bytes(handle, column)))
    }

    func optionalText(_ column: Int32) -> String? {
        isNull(column) ? nil : text(column)
    }

    private func check(_ code: Int32) throws(DatabaseError) {
        guard code == SQLITE_OK else {
            throw DatabaseError(code: code, connection: database.handle, sql: sql)
        }
    }
}
