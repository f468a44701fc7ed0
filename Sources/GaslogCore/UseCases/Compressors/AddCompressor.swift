import LogbookStore

/// Adds a compressor to the register, with the facts given.
public struct AddCompressor: UseCase {
    /// What it does, in a line: the command's overview and the API operation's summary.
    public static let summary: Wording = "Add a compressor to the register."
    /// More about it: the command's discussion and the API operation's description.
    public static let description: Wording? = Wording(commandLine: "", api: "As `gaslog compressor add`.")

    /// The inputs it reads: the command's options and the API's allowed keys.
    public static let inputs: [any InputDeclaration] = [CompressorOptions.compressor] + CompressorOptions.facts

    /// The new compressor's name.
    public let compressor: CompressorName
    /// The facts it is added with.
    public let changes: CompressorChanges

    /// Reads the input; bad input throws, naming its field, before anything is read or written.
    public init(_ input: InputReader) throws(LogbookError) {
        compressor = try input.value(CompressorOptions.compressor)
        changes = try CompressorOptions.changes(input, clearing: false)
    }

    /// Runs it in `session`.
    public func run(in session: Session) throws(LogbookError) -> CompressorResult {
        let added = try session.logbook().addCompressor(compressor, changes, actor: session.actor)
        return try CompressorResult(added.name, created: true, in: session)
    }
}
