import LogbookStore

/// Puts a retired compressor back in service, with a reason.
public struct ReinstateCompressor: UseCase {
    /// What it does, in a line: the command's overview and the API operation's summary.
    public static let summary: Wording = "Put a retired compressor back in service, with a reason."
    /// More about it: the command's discussion and the API operation's description.
    public static let description: Wording? = Wording(commandLine: "", api: "As `gaslog compressor reinstate`.")

    /// Why it is back in service.
    public static let reason = CommonOptions.note("reason", help: "Why it is back in service.").required()
    /// The inputs it reads: the command's options and the API's allowed keys.
    public static let inputs: [any InputDeclaration] = [CompressorOptions.compressor, reason]

    /// The compressor.
    public let compressor: CompressorName
    /// Why.
    public let reason: String

    /// Reads the input; bad input throws, naming its field, before anything is read or written.
    public init(_ input: InputReader) throws(LogbookError) {
        compressor = try input.value(CompressorOptions.compressor)
        reason = try input.value(Self.reason)
    }

    /// Runs it in `session`.
    public func run(in session: Session) throws(LogbookError) -> CompressorResult {
        let reinstated = try session.logbook().reinstateCompressor(compressor, reason: reason, actor: session.actor)
        return try CompressorResult(reinstated.name, in: session)
    }
}
