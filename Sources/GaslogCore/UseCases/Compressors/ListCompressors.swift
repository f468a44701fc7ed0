import LogbookStore

/// Every compressor, retired ones included, in name order, as `show` gives each.
public struct ListCompressors: UseCase {
    /// The inputs it reads: none.
    public static let inputs: [any InputDeclaration] = []

    /// Reads the input: there is none.
    public init(_ input: InputReader) throws(LogbookError) {}

    /// Runs it in `session`.
    public func run(in session: Session) throws(LogbookError) -> CompressorListResult {
        let logbook = try session.logbook()
        let statuses = try logbook.compressorStatuses()
        var compressors: [CompressorResult] = []
        for status in statuses {
            let name = try CompressorResult.name(status.compressor.name)
            compressors.append(CompressorResult(status: status, changes: try logbook.compressorChanges(name), today: logbook.today()))
        }
        return CompressorListResult(compressors: compressors)
    }
}
