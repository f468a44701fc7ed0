import LogbookStore

/// A compressor's runs, cartridge changes and air tests, in time order.
public struct ReadCompressorLog: UseCase {
    /// What it does, in a line: the command's overview and the API operation's summary.
    public static let summary: Wording = "List a compressor's runs, cartridge changes and tests in time order."
    /// More about it: the command's discussion and the API operation's description.
    public static let description: Wording? = Wording(
        commandLine: "", api: "As `gaslog compressor log --json`: in time order, each with its kind (run, filter or test).")

    /// The inputs it reads: the command's options and the API's allowed keys.
    public static let inputs: [any InputDeclaration] = [CompressorOptions.compressor]

    /// The compressor.
    public let compressor: CompressorName

    /// Reads the input; bad input throws, naming its field, before anything is read or written.
    public init(_ input: InputReader) throws(LogbookError) {
        compressor = try input.value(CompressorOptions.compressor)
    }

    /// Runs it in `session`.
    public func run(in session: Session) throws(LogbookError) -> CompressorLogResult {
        let logbook = try session.logbook()
        let status = try logbook.compressorStatus(compressor, latest: EntryTimeLimit(clockOf: logbook).latest)
        return CompressorLogResult(
            compressor: status.compressor.name, entries: try logbook.compressorLog(compressor), airTestMonths: status.airTestMonths)
    }
}
