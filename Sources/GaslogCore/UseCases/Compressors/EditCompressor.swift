import LogbookStore

/// Changes a compressor's facts, or empties them; each change is a new version.
public struct EditCompressor: UseCase {
    /// The inputs it reads: the command's options and the API's allowed keys.
    public static let inputs: [any InputDeclaration] =
        [CompressorOptions.compressor] + CompressorOptions.facts + [CompressorOptions.clear]

    /// The compressor.
    public let compressor: CompressorName
    /// What changes.
    public let changes: CompressorChanges

    /// Reads the input; bad input throws, naming its field, before anything is read or written.
    public init(_ input: InputReader) throws(LogbookError) {
        compressor = try input.value(CompressorOptions.compressor)
        changes = try CompressorOptions.changes(input, clearing: true)
    }

    /// Runs it in `session`.
    public func run(in session: Session) throws(LogbookError) -> CompressorResult {
        let edited = try session.logbook().editCompressor(compressor, changes, actor: session.actor)
        return try CompressorResult(edited.name, in: session)
    }
}
