/// One change to a cylinder's register entry, read from the audit trail:
/// which facts it changed, from what to what.
public struct RegisterChange: Sendable, Equatable {
    /// One fact's value before and after, each as the trail's JSON text
    /// (`"S-1"`, `232`, `null`).
    public struct Field: Sendable, Equatable {
        /// The register column: `serial`, `owner`, `hydro_date`, …
        public let name: String
        /// The value before the change; `null` for a cylinder just added.
        public let before: String
        /// The value after it.
        public let after: String
    }

    /// When the change was made.
    public let at: Timestamp
    /// The account that made it; empty for the command line.
    public let actor: String
    /// The trail's kind: `cylinder add`, `cylinder edit`, `cylinder rename`, …
    public let kind: String
    /// The facts that changed, in the register's column order.
    public let fields: [Field]

    /// Columns that never change or only mirror another.
    static let hidden: Set<String> = ["id", "name_key", "created_at"]

    /// The changes that `entries` (one cylinder's, oldest first) record.
    /// Columns in `hidden` are left out; a column in `eventOnly` belongs to
    /// its own entry alone (a retirement's reason), so it is shown whenever
    /// it is set, never as removed by the next entry.
    static func changes(
        _ entries: [AuditEntry], hidden: Set<String> = RegisterChange.hidden, eventOnly: Set<String> = []
    ) -> [RegisterChange] {
        var previous: [String: String] = [:]
        return entries.map { entry in
            let fields = flatFields(entry.data)
            var changed: [Field] = []
            for (name, value) in fields where !hidden.contains(name) {
                let before = previous[name] ?? "null"
                if before != value { changed.append(Field(name: name, before: before, after: value)) }
            }
            previous = Dictionary(fields, uniquingKeysWith: { $1 })
            for name in eventOnly { previous[name] = "null" }
            return RegisterChange(at: entry.at, actor: entry.actor, kind: entry.kind, fields: changed)
        }
    }

    /// The members of a flat canonical JSON object, each value as its JSON
    /// text. The trail writes only such objects: strings, integers and null.
    static func flatFields(_ data: String) -> [(String, String)] {
        var fields: [(String, String)] = []
        let scalars = Array(data.unicodeScalars)
        var index = 1
        /// The JSON text from `index` to the end of a string or a bare value.
        func value() -> String {
            let start = index
            if index < scalars.count, scalars[index] == "\"" {
                index += 1
                while index < scalars.count, scalars[index] != "\"" {
                    index += scalars[index] == "\\" ? 2 : 1
                }
                index += 1
            } else {
                while index < scalars.count, scalars[index] != ",", scalars[index] != "}" { index += 1 }
            }
            var text = ""
            text.unicodeScalars.append(contentsOf: scalars[start..<min(index, scalars.count)])
            return text
        }
        while index < scalars.count, scalars[index] != "}" {
            let key = value()
            index += 1  // the colon
            fields.append((String(key.dropFirst().dropLast()), value()))
            if index < scalars.count, scalars[index] == "," { index += 1 }
        }
        return fields
    }
}
