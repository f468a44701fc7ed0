import LogbookStore

/// A result whose JSON is one object, declared key by key in ``fields``.
public protocol DeclaredObject: DeclaredResult {
    /// What the object is, for its schema.
    static var meaning: String { get }
    /// Its keys, in order.
    static var fields: ResultFields<Self> { get }
    /// Whether its use case's warnings follow its keys, as `warnings`.
    static var hasWarnings: Bool { get }
}

extension DeclaredObject {
    /// The keys' schema, `warnings` appended where it has them.
    public static var schema: JSONSchema {
        (hasWarnings ? fields.schema.withWarnings() : fields.schema).described(meaning)
    }
}

extension UseCaseResult where Self: DeclaredObject {
    /// Its keys, then its warnings where it has them: what `--json` prints and the API answers.
    public func json(warnings: [Warning]) -> JSONValue {
        let members = Self.fields.members(of: self)
        return Self.hasWarnings ? .object(members, warnings: warnings) : .object(members)
    }
}
