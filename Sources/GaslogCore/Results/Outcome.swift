import LogbookStore

/// A finished use case: its result and the warnings it gathered.
///
/// The type itself asks nothing of `Output`: a requirement here would be
/// checked by a scan of every conformance in the binary the first time a
/// command line builds an outcome.
public struct Outcome<Output> {
    /// The typed result.
    public let output: Output
    /// The warnings, in the order they arose.
    public let warnings: [Warning]
}

extension Outcome where Output: UseCaseResult {
    /// The JSON `--json` prints and the API answers, as UTF-8.
    public var encodedBytes: [UInt8] { output.encoded(warnings: warnings) }

    /// The same JSON, as text.
    public var encoded: String { String(decoding: encodedBytes, as: UTF8.self) }
}
