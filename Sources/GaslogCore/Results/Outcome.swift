import LogbookStore

/// A finished use case: its result and the warnings it gathered.
public struct Outcome<Output: UseCaseResult> {
    /// The typed result.
    public let output: Output
    /// The warnings, in the order they arose.
    public let warnings: [Warning]

    /// The JSON `--json` prints and the API answers, as UTF-8.
    public var encodedBytes: [UInt8] { output.encoded(warnings: warnings) }

    /// The same JSON, as text.
    public var encoded: String { String(decoding: encodedBytes, as: UTF8.self) }
}
