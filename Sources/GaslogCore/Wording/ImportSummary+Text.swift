import LogbookStore

extension ImportSummary {
    /// The one-line report `gaslog import` prints.
    public var text: String {
        let fills = imported == 1 ? "fill" : "fills"
        let duplicates = skippedDuplicates == 1 ? "duplicate" : "duplicates"
        return dryRun
            ? "dry run: would import \(imported) \(fills), skip \(skippedDuplicates) \(duplicates); nothing was written"
            : "imported \(imported) \(fills), skipped \(skippedDuplicates) \(duplicates)"
    }
}
