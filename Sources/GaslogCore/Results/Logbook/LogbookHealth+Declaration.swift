import LogbookStore

extension LogbookHealth: DeclaredResult {
    /// Its name among the OpenAPI document's schemas.
    public static let schemaName = "Health"

    /// `{"status"}`, the body `/healthz` answers. The schema is the 200
    /// answer's, `ok`; a 503 names what is wrong in the same key.
    public static let fields = ResultFields<LogbookHealth>([
        ResultField("status", .constant("ok")) { .string($0.rawValue) }
    ])

    /// The schema of its JSON, from ``fields``.
    public static var schema: JSONSchema { fields.schema }

    /// The body `/healthz` answers.
    public var json: JSONValue { Self.fields.json(of: self) }
}
