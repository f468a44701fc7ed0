/// What an import did, or would do for a dry run.
public struct ImportSummary: Sendable, Equatable {
    public var imported = 0
    public var skippedDuplicates = 0
    public var dryRun = false

    public var text: String {
        let fills = imported == 1 ? "fill" : "fills"
        let duplicates = skippedDuplicates == 1 ? "duplicate" : "duplicates"
        return dryRun
            ? "dry run: would import \(imported) \(fills), skip \(skippedDuplicates) \(duplicates); nothing was written"
            : "imported \(imported) \(fills), skipped \(skippedDuplicates) \(duplicates)"
    }
}
