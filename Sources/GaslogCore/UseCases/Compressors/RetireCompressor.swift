import LogbookStore

/// Retires a compressor, with a reason: a fill from it is refused unless overridden.
public struct RetireCompressor: UseCase {
    /// What it does, in a line: the command's overview and the API operation's summary.
    public static let summary: Wording = "Retire a compressor, with a reason. It is never deleted."
    /// More about it: the command's discussion and the API operation's description.
    public static let description: Wording? = Wording(
        commandLine: "", api: "As `gaslog compressor retire`: it is never deleted, and a fill from it is refused (compressor_retired).")

    /// Why it is retired.
    public static let reason = CommonOptions.note("reason", help: "Why it is retired.").required()
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
        let retired = try session.logbook().retireCompressor(compressor, reason: reason, actor: session.actor)
        return try CompressorResult(retired.name, in: session)
    }
}
