import LogbookStore

/// The fill log for a spreadsheet, an audit or another system: CSV or JSON,
/// in the order the fills were recorded, streamed a row at a time to a
/// writer, so that a million fills are never held at once.
public struct ExportFills: Documented, Sendable {
    /// What it does, in a line: the command's overview and the API operation's summary.
    public static let summary: Wording = "Export the fill log as CSV (RFC 4180, UTF-8) or JSON, in the order the fills were recorded."
    /// More about it: the command's discussion and the API operation's description.
    public static let description: Wording? = """
        CSV columns, in this order: \(FillLogFormat.columns.joined(separator: ", ")). Empty fields are empty, \
        numbers are plain, times are UTC ISO 8601, and text cells that a spreadsheet could run \
        as a formula (starting with = + - @, a tab or a carriage return) are prefixed with an \
        apostrophe, which import removes. JSON is an array of objects with the same keys and \
        null for empty fields. Rows stream out one at a time.
        """

    /// csv (the default) or json.
    public static let format = Option<ExportFormat>("format", help: "csv (default) or json.")
    /// What it reads: the format and the log's filters.
    public static let inputs: [any InputDeclaration] = [format] + ReadLog.filters

    /// The format asked for.
    public let format: ExportFormat
    /// The fills asked for.
    public let query: FillQuery

    /// Reads the format and the filters; bad input throws at its field.
    public init(_ input: InputReader) throws(LogbookError) {
        format = try input.value(Self.format) ?? .csv
        query = try ReadLog.query(input)
    }

    /// The media type of what it writes.
    public var contentType: String { format == .csv ? "text/csv; charset=utf-8" : "application/json" }

    /// Opens the logbook and checks the filters' cylinder before anything
    /// is written, so that a refusal leaves no file and no partial answer;
    /// a cylinder found by an earlier name is a warning.
    public func open(in session: Session) throws(LogbookError) {
        let logbook = try session.logbook()
        session.warn(try ReadLog.placed { () throws(LogbookError) in try logbook.openForReading(query) }?.earlierName)
    }

    /// How many fills the export will write, for a progress line.
    public func count(in session: Session) throws(LogbookError) -> Int {
        try session.logbook().countFills(query)
    }

    /// Writes the export to `writer`; `progress` hears the count of rows
    /// every 4,096. Returns how many fills it wrote.
    @discardableResult
    public func write(in session: Session, to writer: OutputWriter, progress: ((Int) -> Void)? = nil) throws(LogbookError) -> Int {
        var count = 0
        // The header goes out with the first row, or at the end when there is
        // none: a log the store refuses to read leaves the output empty.
        func start() {
            writer.write(format == .csv ? FillLogFormat.csvHeader : "[")
        }
        try session.logbook().forEachFill(query) { fill in
            if count == 0 { start() }
            if format == .csv {
                writer.write { FillLogFormat.appendCSVRow(fill, to: &$0) }
            } else {
                writer.write((count == 0 ? "\n" : ",\n") + FillLogFormat.json(fill).text)
            }
            count += 1
            if count % 4096 == 0 { progress?(count) }
        }
        if count == 0 { start() }
        if format == .json {
            writer.write(count == 0 ? "]\n" : "\n]\n")
        }
        return count
    }
}
