import LogbookStore

/// The keys of a JSON object that results write, in their order: the one
/// declaration that both the object and its schema come from.
public struct ResultFields<Result>: Sendable {
    /// The keys, in the order the object writes them.
    public let fields: [ResultField<Result>]

    /// The keys, in order.
    public init(_ fields: [ResultField<Result>]) {
        self.fields = fields
    }

    /// The members of `result`'s object, each key that has a value.
    public func members(of result: Result) -> [(String, JSONValue)] {
        fields.compactMap { field in field.value(result).map { (field.name, $0) } }
    }

    /// `result` as a JSON object.
    public func json(of result: Result) -> JSONValue { .object(members(of: result)) }

    /// The object's schema: every key, the required ones required. Other
    /// keys are allowed, so that a key a later version appends breaks no client.
    public var schema: JSONSchema {
        .object(fields.map { (name: $0.name, schema: $0.schema) }, required: fields.filter(\.isRequired).map(\.name))
    }

    /// The same keys, of a result that holds this one's.
    public func of<Whole>(_ part: @escaping @Sendable (Whole) -> Result) -> [ResultField<Whole>] {
        fields.map { $0.of(part) }
    }
}
