import GaslogCore
import NitroxCalculator

// The schemas of the results that have a type, declared for the type.

extension ImportSummary: DeclaredResult {
    /// Its name among the OpenAPI document's schemas.
    public static let schemaName = "ImportSummary"
    /// The schema of its JSON.
    public static var schema: JSONSchema {
        .object(
            [("imported", .integer(minimum: 0)), ("skipped_duplicates", .integer(minimum: 0)), ("dry_run", .boolean)],
            required: ["imported", "skipped_duplicates", "dry_run"])
    }
}
