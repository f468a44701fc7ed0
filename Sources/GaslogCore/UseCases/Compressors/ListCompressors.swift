import LogbookStore

/// Every compressor, retired ones included, in name order, as `show` gives each.
public struct ListCompressors: UseCase {
    /// What it does, in a line: the command's overview and the API operation's summary.
    public static let summary: Wording = "List every compressor, one line each."
    /// More about it: the command's discussion and the API operation's description.
    public static let description: Wording? = Wording(
        commandLine: "", api: "As `gaslog compressor list --json`: one element per compressor, in name order, each as show gives it.")

    /// The inputs it reads: none.
    public static let inputs: [any InputDeclaration] = []

    /// Reads the input: there is none.
    public init(_ input: InputReader) throws(LogbookError) {}

    /// Runs it in `session`.
    public func run(in session: Session) throws(LogbookError) -> CompressorListResult {
        let logbook = try session.logbook()
        let statuses = try logbook.compressorStatuses(latest: EntryTimeLimit(clockOf: logbook).latest)
        var compressors: [CompressorResult] = []
        for status in statuses {
            let name = try CompressorResult.name(status.compressor.name)
            compressors.append(CompressorResult(status: status, changes: try logbook.compressorChanges(name), today: logbook.today()))
        }
        return CompressorListResult(compressors: compressors)
    }
}
