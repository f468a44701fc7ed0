import LogbookStore

/// Records a filter cartridge change: the filter's life starts again.
public struct RecordFilterChange: UseCase {
    /// What it does, in a line: the command's overview and the API operation's summary.
    public static let summary: Wording = "Record a filter cartridge change: the filter's life starts again."
    /// More about it: the command's discussion and the API operation's description.
    public static let description: Wording? = Wording(commandLine: "", api: "As `gaslog compressor filter`: the filter's life starts again.")

    /// The inputs it reads: the command's options and the API's allowed keys.
    public static let inputs: [any InputDeclaration] = [CompressorOptions.compressor, CompressorOptions.batch, CompressorOptions.at]

    /// The compressor.
    public let compressor: CompressorName
    /// The new cartridge's batch.
    public let batch: String?
    /// When; `nil` is now.
    public let at: Timestamp?

    /// Reads the input; bad input throws, naming its field, before anything is read or written.
    public init(_ input: InputReader) throws(LogbookError) {
        compressor = try input.value(CompressorOptions.compressor)
        batch = try input.value(CompressorOptions.batch)
        at = try input.value(CompressorOptions.at)
    }

    /// Runs it in `session`: the compressor as `show` gives it.
    public func run(in session: Session) throws(LogbookError) -> CompressorResult {
        let logbook = try session.logbook()
        try EntryTimeLimit(clockOf: logbook).checkCompressorEntry(at, field: CompressorOptions.at.spec.name)
        try logbook.recordFilterChange(compressor, batch: batch, at: at, actor: session.actor)
        return try CompressorResult(compressor.text, in: session)
    }
}
