import LogbookStore

/// What an import did, or would do on a dry run.
public struct ImportResult: UseCaseResult {
    /// The fills imported and skipped.
    public let summary: ImportSummary

    /// `imported`, `skipped_duplicates` and `dry_run`, as the API answers.
    public func json(warnings: [Warning]) -> JSONValue {
        .object([
            ("imported", .integer(summary.imported)), ("skipped_duplicates", .integer(summary.skippedDuplicates)),
            ("dry_run", .bool(summary.dryRun)),
        ])
    }
}
