import LogbookStore

/// One key of a result's JSON, declared once: its name, the schema of its
/// value, and how a result gives the value. The result's JSON and its
/// OpenAPI schema are both read from it, so they cannot disagree.
public struct ResultField<Result>: Sendable {
    /// The key, as the JSON spells it: `mod_m`, `label`.
    public let name: String
    /// What its value may be.
    public let schema: JSONSchema
    /// Whether every answer has the key.
    public let isRequired: Bool
    /// The value for a result; `nil` leaves the key out.
    let value: @Sendable (Result) -> JSONValue?

    /// A key every answer has.
    public init(_ name: String, _ schema: JSONSchema, _ value: @escaping @Sendable (Result) -> JSONValue) {
        self.name = name
        self.schema = schema
        self.isRequired = true
        self.value = value
    }

    private init(name: String, schema: JSONSchema, isRequired: Bool, value: @escaping @Sendable (Result) -> JSONValue?) {
        self.name = name
        self.schema = schema
        self.isRequired = isRequired
        self.value = value
    }

    /// A key only some answers have: those for which `value` gives one.
    public static func optional(_ name: String, _ schema: JSONSchema, _ value: @escaping @Sendable (Result) -> JSONValue?) -> ResultField {
        ResultField(name: name, schema: schema, isRequired: false, value: value)
    }

    /// The same key, of a result that holds this one's: a cylinder's MOD
    /// gives its current gas's keys so.
    public func of<Whole>(_ part: @escaping @Sendable (Whole) -> Result) -> ResultField<Whole> {
        let value = self.value
        return ResultField<Whole>(name: name, schema: schema, isRequired: isRequired) { value(part($0)) }
    }
}
