/// What an import did, or would do for a dry run.
public struct ImportSummary: Sendable, Equatable {
    /// Fills imported, or that a dry run would import.
    public var imported = 0
    /// Rows skipped because the log already held a fill of the same cylinder, time, O2 and ppO₂.
    public var skippedDuplicates = 0
    /// Whether this was a dry run, which writes nothing.
    public var dryRun = false
}
