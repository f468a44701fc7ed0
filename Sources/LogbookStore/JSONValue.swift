/// A JSON value, written compactly with keys in the order given, so that
/// output is stable for scripts and diffs.
/// See <https://www.rfc-editor.org/rfc/rfc8259>.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// A number already in JSON's decimal form, such as `32.5`.
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// A whole number as a JSON number.
    public static func integer(_ value: Int) -> JSONValue { .number(String(value)) }

    /// A string, or `null` when there is none.
    public static func optional(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }

    /// The value written compactly, on one line.
    public var text: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(512)
        write(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the value, written compactly, to `output`.
    public func write(to output: inout String) {
        output += text
    }

    /// Appends the value's UTF-8, written compactly, to `output`: bytes, not
    /// a `String`, because a server writes one for every request.
    public func write(to output: inout [UInt8]) {
        switch self {
        case .null: output += "null".utf8
        case .bool(let value): output += (value ? "true" : "false").utf8
        case .number(let value): output += value.utf8
        case .string(let value): JSONValue.writeString(value, to: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                element.write(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                JSONValue.writeString(key, to: &output)
                output.append(UInt8(ascii: ":"))
                value.write(to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    private static func writeString(_ value: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        // Most keys and values need no escape: copied whole, they cost one
        // append instead of one per character.
        if !value.utf8.contains(where: needsEscape) {
            output += value.utf8
            output.append(UInt8(ascii: "\""))
            return
        }
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += #"\""#.utf8
            case "\\": output += #"\\"#.utf8
            case "\n": output += #"\n"#.utf8
            case "\r": output += #"\r"#.utf8
            case "\t": output += #"\t"#.utf8
            default:
                // Other controls must be escaped; U+2028/9 too, for JavaScript readers.
                if scalar.value < 0x20 || scalar == "\u{2028}" || scalar == "\u{2029}" {
                    let hex = String(scalar.value, radix: 16)
                    output += ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8
                } else {
                    output += String(scalar).utf8
                }
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    /// Whether a UTF-8 byte may start something written escaped: a quote, a
    /// backslash, a control, or the lead byte of U+2028 and U+2029.
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte == 0xE2
    }

    /// Two values are equal when they write the same JSON text.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        lhs.text == rhs.text
    }
}
