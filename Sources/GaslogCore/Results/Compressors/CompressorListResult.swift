import LogbookStore

/// Every compressor, in name order, one per line in JSON.
public struct CompressorListResult: UseCaseResult {
    /// The compressors, each as `show` gives it.
    public let compressors: [CompressorResult]

    /// The result as `--json` prints it and the API answers it.
    public func json(warnings: [Warning]) -> JSONValue {
        .array(compressors.map { .object($0.members) })
    }

    /// A list: one element per line.
    public var isListed: Bool { true }
}
