import LogbookStore

/// A backup just restored.
public struct RestoreResult: UseCaseResult {
    /// The logbook restored to.
    public let logbook: String
    /// The backup restored.
    public let backup: String
    /// Where the logbook it replaced is kept; `nil` when there was none.
    public let kept: String?

    /// The files.
    public func json(warnings: [Warning]) -> JSONValue {
        .object([("logbook", .string(logbook)), ("backup", .string(backup)), ("kept", .optional(kept))], warnings: warnings)
    }
}
