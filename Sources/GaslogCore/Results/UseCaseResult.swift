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
    public func encoded(warnings: [Warning]) -> String {
        let json = json(warnings: warnings)
        guard isListed, case .array(let elements) = json else { return json.text + "\n" }
        guard !elements.isEmpty else { return "[]\n" }
        return "[\n" + elements.map(\.text).joined(separator: ",\n") + "\n]\n"
    }
}

extension JSONValue {
    /// An object with its use case's warnings appended, as the key `warnings`.
    public static func object(_ members: [(String, JSONValue)], warnings: [Warning]) -> JSONValue {
        .object(members + [("warnings", .array(warnings.map(\.json)))])
    }
}
