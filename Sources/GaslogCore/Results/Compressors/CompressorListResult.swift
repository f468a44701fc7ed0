import LogbookStore

/// Every compressor, in name order, one per line in JSON.
public struct CompressorListResult: UseCaseResult, DeclaredResult {
    /// The compressors, each as `show` gives it.
    public let compressors: [CompressorResult]

    /// The result as `--json` prints it and the API answers it.
    public func json(warnings: [Warning]) -> JSONValue {
        .array(compressors.map(CompressorResult.fields.json(of:)))
    }

    /// A list: one element per line.
    public var isListed: Bool { true }

    /// Its name among the OpenAPI document's schemas.
    public static let schemaName = "CompressorList"
    /// Its elements' schema, from their declaration.
    public static var schema: JSONSchema {
        JSONSchema.array(of: CompressorResult.fields.schema).described(
            "Every compressor, in name order, each as show gives it without warnings.")
    }
}
