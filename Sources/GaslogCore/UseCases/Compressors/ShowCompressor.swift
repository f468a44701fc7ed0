import LogbookStore

/// One compressor: its facts, meter, filter life, last test and history.
public struct ShowCompressor: UseCase {
    /// What it does, in a line: the command's overview and the API operation's summary.
    public static let summary: Wording = "Show a compressor: facts, meter, filter life, last test and history."
    /// More about it: the command's discussion and the API operation's description.
    public static let description: Wording? = Wording(
        commandLine: "",
        api:
            "As `gaslog compressor show --json`: its facts, hour meter, the filter hours used and remaining since the last cartridge change (used rounded up, remaining down), its latest air test with the verdict and due date, and the register's changes."
    )

    /// The inputs it reads: the command's options and the API's allowed keys.
    public static let inputs: [any InputDeclaration] = [CompressorOptions.compressor]

    /// The compressor.
    public let compressor: CompressorName

    /// Reads the input; bad input throws, naming its field, before anything is read or written.
    public init(_ input: InputReader) throws(LogbookError) {
        compressor = try input.value(CompressorOptions.compressor)
    }

    /// Runs it in `session`.
    public func run(in session: Session) throws(LogbookError) -> CompressorResult {
        try CompressorResult(compressor.text, in: session)
    }
}
