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
        var output = ""
        write(to: &output)
        return output
    }

    /// Appends the value, written compactly, to `output`.
    public func write(to output: inout String) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .number(let value): output += value
        case .string(let value): JSONValue.writeString(value, to: &output)
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                element.write(to: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { output += "," }
                JSONValue.writeString(key, to: &output)
                output += ":"
                value.write(to: &output)
            }
            output += "}"
        }
    }

    private static func writeString(_ value: String, to output: inout String) {
        output += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            default:
                // Other controls must be escaped; U+2028/9 too, for JavaScript readers.
                if scalar.value < 0x20 || scalar == "\u{2028}" || scalar == "\u{2029}" {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }

    /// Two values are equal when they write the same JSON text.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        lhs.text == rhs.text
    }
}
