import LogbookStore

/// What an import did, or would do on a dry run.
public struct ImportResult: UseCaseResult, DeclaredResult {
    /// The fills imported and skipped.
    public let summary: ImportSummary

    /// Its name among the OpenAPI document's schemas.
    public static let schemaName = "ImportSummary"

    /// `imported`, `skipped_duplicates` and `dry_run`, as the API answers.
    public static let fields = ResultFields<ImportResult>([
        ResultField("imported", .integer(minimum: 0)) { .integer($0.summary.imported) },
        ResultField("skipped_duplicates", .integer(minimum: 0)) { .integer($0.summary.skippedDuplicates) },
        ResultField("dry_run", .boolean) { .bool($0.summary.dryRun) },
    ])

    /// The schema of its JSON, from ``fields``.
    public static var schema: JSONSchema { fields.schema }

    /// Its keys: an import has no warnings.
    public func json(warnings: [Warning]) -> JSONValue {
        Self.fields.json(of: self)
    }
}
