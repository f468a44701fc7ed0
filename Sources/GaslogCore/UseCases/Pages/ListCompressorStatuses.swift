import LogbookStore

/// Every compressor with its hours and filter, without its history: the
/// fill form's choice and the compressor room's list.
public struct ListCompressorStatuses: UseCase {
    /// What it does, in a line.
    public static let summary: Wording = "Every compressor with its hours and filter, without its history."

    /// No inputs.
    public static let inputs: [any InputDeclaration] = []

    /// Every compressor's status.
    public init() {}

    /// Reads nothing.
    public init(_ input: InputReader) throws(LogbookError) {}

    /// Reads the statuses.
    public func run(in session: Session) throws(LogbookError) -> CompressorStatusesResult {
        let logbook = try session.logbook()
        return CompressorStatusesResult(statuses: try logbook.compressorStatuses(latest: EntryTimeLimit(clockOf: logbook).latest))
    }
}
