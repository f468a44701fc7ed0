import LogbookStore

/// A value whose JSON the front ends give and whose schema the OpenAPI
/// document lists under `components/schemas`, both from one declaration:
/// its ``fields`` for an object, or the schema of a list's elements.
public protocol DeclaredResult {
    /// Its name among the document's schemas: `Fill`, `Warning`.
    static var schemaName: String { get }
    /// The schema of its JSON, from its declaration.
    static var schema: JSONSchema { get }
}

extension DeclaredResult {
    /// A reference to its schema.
    public static var reference: JSONSchema { .named(schemaName) }
}
