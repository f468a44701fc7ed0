import LogbookStore

/// Changes a compressor's facts, or empties them; each change is a new version.
public struct EditCompressor: UseCase {
    /// What it does, in a line: the command's overview and the API operation's summary.
    public static let summary: Wording = "Change a compressor's facts, or empty them with \(option: "clear")."
    /// More about it: the command's discussion and the API operation's description.
    public static let description: Wording? = Wording(
        commandLine: "",
        api:
            "As `gaslog compressor edit`: keys given are set, facts in clear are emptied, the rest are kept. A new chart applies to runs recorded from then on."
    )

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
