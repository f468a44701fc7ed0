import CSQLite

/// A kind of row the audit trail follows, and how a row of it is written
/// into an entry: its table's columns, in a fixed order, as one line of
/// canonical JSON. Secrets (password and token hashes) are never selected.
enum AuditSubject: String, CaseIterable, Sendable {
    case cylinder, fill, void, setting, account, token

    /// The table the rows live in.
    var table: String {
        switch self {
        case .cylinder: "cylinders"
        case .fill: "fills"
        case .void: "voids"
        case .setting: "settings"
        case .account: "accounts"
        case .token: "tokens"
        }
    }

    /// The column that names one row: the entry's subject is the prefix and this value.
    var keyColumn: String {
        switch self {
        case .void: "fill_id"
        case .setting: "key"
        default: "id"
        }
    }

    /// The columns an entry records, in the order its JSON lists them. They
    /// are fixed here, not read from the schema, so that a later migration
    /// that adds a column does not change how earlier entries are checked.
    var columns: [String] {
        switch self {
        case .cylinder:
            [
                "id", "name", "name_key", "created_at", "serial", "owner", "water_volume_cl", "working_pressure_centibar",
                "hydro_date", "visual_date", "o2_clean", "note", "retired_at", "retired_reason",
            ]
        case .fill: FillTable.columns
        case .void: ["fill_id", "reason", "voided_at", "voided_by"]
        case .setting: ["key", "value"]
        case .account: ["id", "name", "name_key", "role", "created_at", "removed_at"]
        case .token: ["id", "account_id", "label", "created_at", "revoked_at"]
        }
    }

    /// The entry's subject for the row whose key is `key`: `fill 12`, `setting unit`.
    func subject(_ key: String) -> String { rawValue + " " + key }

    /// The subject an entry names, split into its kind of row and key.
    static func parse(_ subject: String) -> (AuditSubject, String)? {
        guard let space = subject.firstIndex(of: " "), let kind = AuditSubject(rawValue: String(subject[..<space])) else { return nil }
        return (kind, String(subject[subject.index(after: space)...]))
    }

    /// Every row's key and data, in key order.
    var allRowsSQL: String {
        "SELECT \(columns.joined(separator: ", ")) FROM \(table) ORDER BY \(keyColumn)"
    }

    /// One row, by its key.
    var oneRowSQL: String {
        "SELECT \(columns.joined(separator: ", ")) FROM \(table) WHERE \(keyColumn) = :key"
    }

    /// The key as the statement binds it: settings are keyed by text, the rest by id.
    func keyValue(_ key: String) -> DatabaseValue {
        if self == .setting { return .text(key) }
        return Int(key).map(DatabaseValue.integer) ?? .text(key)
    }

    /// The current row of a statement made from ``allRowsSQL`` or ``oneRowSQL``:
    /// its key, and its columns as canonical JSON.
    func row(of statement: Statement) -> (key: String, data: String) {
        // Built as bytes: an import writes one of these per fill.
        var data: [UInt8] = [UInt8(ascii: "{")]
        data.reserveCapacity(512)
        let columns = self.columns
        // Both statements select `columns` in this order, so a column's position is its index.
        for (index, column) in columns.enumerated() {
            if index > 0 { data.append(UInt8(ascii: ",")) }
            AuditSubject.writeString(column.utf8, to: &data)
            data.append(UInt8(ascii: ":"))
            let position = Int32(index)
            switch sqlite3_column_type(statement.handle, position) {
            case SQLITE_NULL: data += "null".utf8
            case SQLITE_INTEGER: data += String(statement.integer(position)).utf8
            default: AuditSubject.writeString(statement.text(position).utf8, to: &data)
            }
        }
        data.append(UInt8(ascii: "}"))
        let keyPosition = Int32(columns.firstIndex(of: keyColumn) ?? 0)
        let key = statement.isNull(keyPosition) ? "" : statement.text(keyPosition)
        return (key, String(decoding: data, as: UTF8.self))
    }

    /// The row's data now, or `nil` when there is no such row.
    func data(of key: String, in database: Database) throws -> String? {
        try data(of: key, using: try database.prepare(oneRowSQL))
    }

    /// The row's data now, through a statement made from ``oneRowSQL``.
    func data(of key: String, using statement: Statement) throws -> String? {
        try statement.bind(["key": keyValue(key)])
        // Rebinding resets the statement, which ends its read at once; it can
        // only report the step's own error again, which is thrown already.
        defer { try? statement.bind(["key": .null]) }
        guard try statement.step() else { return nil }
        return row(of: statement).data
    }

    /// A JSON string, escaped by the canonical rule the README documents:
    /// `"` and `\` get a backslash, every control character below U+0020
    /// becomes `\u00xx` in lower-case hex, and everything else is its UTF-8.
    /// Works on UTF-8 bytes: every byte of a multi-byte character is 0x80 or
    /// above, so it is copied as it is, as the rule says of such characters.
    static func writeString(_ text: String.UTF8View, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        // Most text needs no escape, and is copied whole.
        if !text.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) {
            output += text
            output.append(UInt8(ascii: "\""))
            return
        }
        let digits = Array("0123456789abcdef".utf8)
        for byte in text {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                output.append(UInt8(ascii: "\\"))
                output.append(byte)
            case 0..<0x20:
                output += "\\u00".utf8
                output.append(digits[Int(byte >> 4)])
                output.append(digits[Int(byte & 0x0F)])
            default:
                output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
