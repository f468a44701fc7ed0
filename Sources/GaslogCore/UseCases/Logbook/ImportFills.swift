import LogbookStore

/// Imports an export's CSV, all or nothing; a dry run checks and counts.
public struct ImportFills: UseCase {
    /// What it does, in a line: the command's overview and the API operation's summary.
    public static let summary: Wording = "Import a CSV fill log as 'export' writes it: all rows or none."
    /// More about it: the command's discussion and the API operation's description.
    public static let description: Wording? = """
        Every row is validated as 'fill' validates, and its label and MOD are recomputed; \
        a row that disagrees with the calculator is an error. One bad row imports nothing \
        (\(commandLine: "exit 65", api: "422")) and is reported with its line and column. A row equal to a fill already \
        in the log (same cylinder, filled_at, O2 and ppO2) is skipped and counted, so \
        importing the same file again changes nothing. Rows with a void_reason are imported \
        as void. The header must start with the export's columns, in order; a byte-order \
        mark and CRLF or LF line ends are accepted.
        """

    /// The CSV file, or `-` for standard input.
    public static let file = Argument<String>("file", completion: .files, help: "The CSV file, or - for standard input.") { path in
        guard !path.isEmpty else { throw FieldError("invalid file '': expected a path, or - for standard input") }
        return path
    }
    /// Check and count, but write nothing.
    public static let dryRun = Flag("dry-run", help: "Validate and count, but write nothing.")
    /// Charge the fills at this logbook's prices.
    public static let charge = Flag(
        "charge",
        help:
            "Charge the imported fills at this logbook's prices in force at each fill's time, with this register's volumes. \(commandLine: "Without it", api: "Otherwise") no charge is made: the fills were billed where they were recorded."
    )
    /// The two flags: the API's query parameters, whose request body is the file.
    public static let flags: [any InputDeclaration] = [dryRun, charge]
    /// The file and the two flags.
    public static let inputs: [any InputDeclaration] = [file] + flags

    /// Opens the CSV, once the logbook is open: a logbook that cannot be
    /// opened is refused before a missing file.
    public let source: () throws(LogbookError) -> ByteStream
    /// Whether nothing is written.
    public let isDryRun: Bool
    /// Whether the fills are charged.
    public let charging: Bool
    /// Told the rows and bytes read so far, and the source's size when known, for a progress line.
    public let progress: ((_ rows: Int, _ bytes: Int, _ totalBytes: Int?) -> Void)?

    /// Imports from the stream `source` opens.
    public init(
        source: @escaping () throws(LogbookError) -> ByteStream, dryRun: Bool, charging: Bool,
        progress: ((_ rows: Int, _ bytes: Int, _ totalBytes: Int?) -> Void)? = nil
    ) {
        self.source = source
        self.isDryRun = dryRun
        self.charging = charging
        self.progress = progress
    }

    /// Reads the file's path, `-` for standard input, and the flags.
    public init(_ input: InputReader) throws(LogbookError) {
        self.init(input, source: Self.source(try input.value(Self.file)))
    }

    /// Reads the flags; the CSV is what `source` opens, such as the API's request body.
    public init(_ input: InputReader, source: @escaping () throws(LogbookError) -> ByteStream) {
        self.init(source: source, dryRun: input.isSet(Self.dryRun), charging: input.isSet(Self.charge))
    }

    /// Opens the file at `path`, or reads `standardInput` for `-`.
    public static func source(_ path: String, standardInput: Int32 = 0) -> () throws(LogbookError) -> ByteStream {
        { () throws(LogbookError) in
            path == "-" ? ByteStream(descriptor: standardInput, name: "standard input") : try ByteStream(path: path)
        }
    }

    /// Imports, for the session's account.
    public func run(in session: Session) throws(LogbookError) -> ImportResult {
        let logbook = try session.logbook()
        let stream = try source()
        let total = stream.totalBytes
        let progress = progress.map { report in { (rows: Int, bytes: Int) in report(rows, bytes, total) } }
        return ImportResult(
            summary: try logbook.importFills(
                from: stream, actor: session.actor, latest: EntryTimeLimit(clockOf: logbook).latest, dryRun: isDryRun,
                charging: charging ? FillCharger.self : nil, progress: progress))
    }
}
