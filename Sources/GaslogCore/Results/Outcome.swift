import LogbookStore

/// A finished use case: its result and the warnings it gathered.
public struct Outcome<Output: UseCaseResult> {
    /// The typed result.
    public let output: Output
    /// The warnings, in the order they arose.
    public let warnings: [Warning]

    /// The JSON `--json` prints and the API answers.
    public var encoded: String { output.encoded(warnings: warnings) }
}
