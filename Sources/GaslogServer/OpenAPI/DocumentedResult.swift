import GaslogCore

/// A type whose JSON the API answers, with the schema of that JSON: the
/// OpenAPI document names it under `components/schemas`, and a use case
/// route whose result is one says so without being told.
protocol DocumentedResult {
    /// Its name among the document's schemas: `Fill`, `Warning`.
    static var schemaName: String { get }
    /// The schema of its JSON. A result's allows keys it does not list, so
    /// that a key a later version appends breaks no client.
    static var schema: JSONSchema { get }
}

extension DocumentedResult {
    /// A reference to its schema.
    static var reference: JSONSchema { .named(schemaName) }
}
