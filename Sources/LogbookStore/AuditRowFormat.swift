import CSQLite

/// How a row is written into an audit entry's `data`: one line of canonical
/// JSON, its columns in a fixed order, `null`, a decimal integer or a string.
///
/// The same bytes come from the values being inserted (an import writes one
/// entry per fill) and from a row read back (`verify`, and changes that
/// SQLite computes), so that either way the hash covers exactly the row.
struct AuditRowFormat: Sendable {
    /// Each column's key with what goes before it: `{"id":`, `,"name":`, …
    private let keys: [[UInt8]]
    /// The first of the columns added after the kind's first entries were
    /// written, if any: from it on, a NULL column is left out, so that an
    /// entry written before the column existed still matches its row.
    private let laterColumns: Int

    init(columns: [String], laterColumnsFrom laterColumns: Int? = nil) {
        self.laterColumns = laterColumns ?? columns.count
        keys = columns.enumerated().map { index, column in
            var key: [UInt8] = [index == 0 ? UInt8(ascii: "{") : UInt8(ascii: ",")]
            var name = column
            name.withUTF8 { AuditRowFormat.appendString($0, to: &key) }
            key.append(UInt8(ascii: ":"))
            return key
        }
    }

    /// How many columns a row has.
    var columnCount: Int { keys.count }

    /// Appends the row `values`, in the columns' order.
    func append(_ values: [DatabaseValue], to output: inout [UInt8]) {
        precondition(values.count == keys.count, "\(values.count) values for \(keys.count) audit columns")
        for (index, (key, value)) in zip(keys, values).enumerated() {
            if index >= laterColumns, value == .null { continue }
            output += key
            switch value {
            case .null: output += AuditRowFormat.null
            case .integer(let integer): AuditRowFormat.appendInteger(integer, to: &output)
            case .text(var text): text.withUTF8 { AuditRowFormat.appendString($0, to: &output) }
            }
        }
        output.append(UInt8(ascii: "}"))
    }

    /// Appends the current row of `statement`, whose first columns are these, in this order.
    /// A statement from before the later columns existed may lack them: they are NULL.
    func append(row statement: Statement, to output: inout [UInt8]) {
        let selected = Int(sqlite3_column_count(statement.handle))
        for (index, key) in keys.enumerated() {
            let column = Int32(index)
            let type = index < selected ? sqlite3_column_type(statement.handle, column) : SQLITE_NULL
            if index >= laterColumns, type == SQLITE_NULL { continue }
            output += key
            switch type {
            case SQLITE_NULL: output += AuditRowFormat.null
            case SQLITE_INTEGER: AuditRowFormat.appendInteger(statement.integer(column), to: &output)
            default: AuditRowFormat.appendString(statement.textBytes(column), to: &output)
            }
        }
        output.append(UInt8(ascii: "}"))
    }

    private static let null = Array("null".utf8)

    /// A decimal integer, as SQLite and Swift both print one.
    static func appendInteger(_ value: Int, to output: inout [UInt8]) {
        if value < 0 { output.append(UInt8(ascii: "-")) }
        // The magnitude, digits from the last; Int.min's has 19.
        var magnitude = value.magnitude
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            for index in stride(from: count - 1, through: 0, by: -1) { output.append(buffer[index]) }
        }
    }

    /// A JSON string, escaped by the canonical rule the README documents:
    /// `"` and `\` get a backslash, every control character below U+0020
    /// becomes `\u00xx` in lower-case hex, and everything else is its UTF-8.
    /// One pass over the bytes copies each run that needs no escape whole;
    /// every byte of a multi-byte character is 0x80 or above, so it is
    /// copied as it is, as the rule says of such characters.
    static func appendString(_ text: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var runStart = 0
        for (index, byte) in text.enumerated() where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
            output += UnsafeBufferPointer(rebasing: text[runStart..<index])
            if byte < 0x20 {
                output += [
                    UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                    hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)],
                ]
            } else {
                output += [UInt8(ascii: "\\"), byte]
            }
            runStart = index + 1
        }
        output += UnsafeBufferPointer(rebasing: text[runStart...])
        output.append(UInt8(ascii: "\""))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)
}
