import LogbookStore

/// A backup just written, and the checks its copy passed.
public struct BackupResult: UseCaseResult {
    /// The logbook copied.
    public let logbook: String
    /// The copy.
    public let backup: String
    /// The checks the copy passed.
    public let check: LogbookCheck

    /// The two files and the checks passed.
    public func json(warnings: [Warning]) -> JSONValue {
        .object(
            [("logbook", .string(logbook)), ("backup", .string(backup)), ("passed", .array(check.passed.map(JSONValue.string)))],
            warnings: warnings)
    }
}
