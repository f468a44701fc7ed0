import LogbookStore

/// One compressor: its facts, meter, filter life, last test and history.
public struct ShowCompressor: UseCase {
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
