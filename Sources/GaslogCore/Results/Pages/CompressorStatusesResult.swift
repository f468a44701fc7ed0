import LogbookStore

/// Every compressor's status, retired ones included.
public struct CompressorStatusesResult: UseCaseResult {
    /// The statuses, in the order the compressors were added.
    public let statuses: [CompressorStatus]

    /// The compressors' names, one a line.
    public func json(warnings: [Warning]) -> JSONValue {
        .array(statuses.map { .string($0.compressor.name) })
    }

    /// A list.
    public var isListed: Bool { true }
}
