import LogbookStore

/// The checks a logbook passed, and its first problem, if any.
public struct CheckResult: UseCaseResult {
    /// The checks passed, and the problem.
    public let check: LogbookCheck

    /// `passed` and `problem`.
    public func json(warnings: [Warning]) -> JSONValue {
        .object([("passed", .array(check.passed.map(JSONValue.string))), ("problem", .optional(check.problem))], warnings: warnings)
    }
}
