import LogbookStore

/// A use case's result: what `--json` prints and the API answers, byte for byte.
public protocol UseCaseResult: SendableMetatype {
    /// The result as JSON, `warnings` included where the result has them.
    func json(warnings: [Warning]) -> JSONValue
    /// Whether an array prints one element per line (a log, a list).
    var isListed: Bool { get }
    /// What it created, for a 201 and its `Location`.
    var created: CreatedRecord? { get }
}

extension UseCaseResult {
    /// An object, by default.
    public var isListed: Bool { false }
    /// Nothing created, by default.
    public var created: CreatedRecord? { nil }

    /// The one encoding of the result, with its warnings: a list has one
    /// element per line, so that it is still one JSON value and easy to grep.
    public func encoded(warnings: [Warning]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(1024)
        let json = json(warnings: warnings)
        guard isListed, case .array(let elements) = json else {
            json.write(to: &bytes)
            bytes.append(UInt8(ascii: "\n"))
            return bytes
        }
        bytes.append(UInt8(ascii: "["))
        for (index, element) in elements.enumerated() {
            bytes += (index == 0 ? "\n" : ",\n").utf8
            element.write(to: &bytes)
        }
        bytes += (elements.isEmpty ? "]\n" : "\n]\n").utf8
        return bytes
    }
}

extension JSONValue {
    /// An object with its use case's warnings appended, as the key `warnings`.
    public static func object(_ members: [(String, JSONValue)], warnings: [Warning]) -> JSONValue {
        .object(members + [("warnings", .array(warnings.map(\.json)))])
    }
}
