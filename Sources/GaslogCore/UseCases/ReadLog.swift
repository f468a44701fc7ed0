import LogbookStore
import NitroxCalculator

/// The fill history, newest first, with the filters that `log` and the
/// export share. A cylinder asked for by an earlier name says so.
///
/// Its fills can be had three ways: all at once, as ``run(in:)``'s result
/// (for `log`); written a fill at a time by ``write(in:to:progress:)``, the
/// same bytes as that result's JSON, as the API streams them; or a page at a
/// time by ``page(in:size:olderThan:newerThan:)``, as the log page shows them.
public struct ReadLog: UseCase, StreamedAnswer {
    /// What it does, in a line: the command's overview and the API operation's summary.
    public static let summary: Wording = "Show the fill history, newest first, void and overridden fills marked."
    /// More about it: the command's discussion and the API operation's description.
    public static let description: Wording? = Wording(
        commandLine: """
            Times are shown in local time with their offset. A note longer than the terminal is \
            cut with …; the export and --json keep the full text.
            """,
        api: "As `gaslog log --json`: the export's keys, then each fill's MOD and pressure in the unit.")

    /// The period's start.
    public static let since = Option<Timestamp>(
        "since", value: "date",
        help:
            "Only fills at or after this date or time, local unless it carries Z or an offset (a date alone starts at the first moment of that local day).",
        read: Timestamp.parse)
    /// The period's end, inclusive: read as the exclusive moment after it.
    public static let until = Option<Timestamp>(
        "until", value: "date",
        help: "Only fills up to this date (the whole local day) or time, inclusive.", read: FillQuery.end(until:))
    /// One cylinder, by a name it has or had.
    public static let cylinder = Option<CylinderName>(
        "cylinder",
        help: "Only this cylinder's fills; a name it had before a rename finds them too. An unknown name exits 65.")
    /// One blender.
    public static let blender = CommonOptions.name("blender", help: "Only fills by this blender (regardless of case).")
    /// One diver.
    public static let diver = CommonOptions.name("diver", help: "Only fills this diver analysed (regardless of case).")
    /// One gas: the richer of the two readings.
    public static let gas = Option<GasMix>("gas", help: "Only fills of this gas (the richer of the two readings): 32, EAN32, air.")
    /// Only overridden fills.
    public static let overridden = Flag("overridden", help: "Only fills recorded despite a fill-station check, with \(option: "override").")
    /// At most this many fills.
    public static let limit = Option<Int>(
        "limit", value: "n", schema: .integer(minimum: 1, maximum: 1_000_000), help: "At most this many fills (1 to 1,000,000)."
    ) {
        try WholeNumber.parse($0, in: 1...1_000_000, what: "limit")
    }

    /// The filters that the log and the export share, declared once.
    public static let filters: [any OptionDeclaration] = [since, until, cylinder, blender, diver, gas, overridden]
    /// The inputs it reads: the command's options and the API's allowed keys.
    public static let inputs: [any InputDeclaration] = filters + [limit, CommonOptions.unit]

    /// Which fills.
    public let query: FillQuery
    /// The unit the MODs and pressures are in.
    public let unit: UnitSystem

    /// Reads the input; bad input throws, naming its field, before anything is read or written.
    public init(_ input: InputReader) throws(LogbookError) {
        var query = try Self.query(input)
        query.limit = try input.value(Self.limit)
        self.query = query
        unit = try input.unit()
    }

    /// The shared filters, read from `input`.
    public static func query(_ input: InputReader) throws(LogbookError) -> FillQuery {
        var query = FillQuery(cylinder: try input.value(cylinder), since: try input.value(since), before: try input.value(until))
        query.blender = try input.value(blender)
        query.diver = try input.value(diver)
        query.gas = try input.value(gas)
        query.overriddenOnly = input.isSet(overridden)
        return query
    }

    /// Runs it in `session`, which gathers its warnings.
    public func run(in session: Session) throws(LogbookError) -> LogResult {
        let logbook = try session.logbook()
        let resolution = try Self.placed { () throws(LogbookError) in try logbook.openForReading(query) }
        let fills = try logbook.history(query)
        session.warn(resolution?.earlierName)
        return LogResult(fills: fills, unit: unit)
    }

    /// The media type of what ``write(in:to:progress:)`` writes.
    public var contentType: String { "application/json" }

    /// Opens the logbook and checks the filters' cylinder and period, as
    /// ``run(in:)`` does, before anything is written; a cylinder found by an
    /// earlier name is a warning.
    public func open(in session: Session) throws(LogbookError) {
        let logbook = try session.logbook()
        session.warn(try Self.placed { () throws(LogbookError) in try logbook.openForReading(query) }?.earlierName)
    }

    /// Writes the JSON of ``run(in:)``'s result, byte for byte, reading one
    /// fill at a time: `[`, each fill on its own line, `]`. Nothing is
    /// written before the first fill is read, so that a log the store
    /// refuses to read leaves the output empty. Returns how many fills it wrote.
    @discardableResult
    public func write(in session: Session, to writer: OutputWriter, progress: ((Int) -> Void)? = nil) throws(LogbookError) -> Int {
        var count = 0
        let unit = self.unit
        try session.logbook().forEachFill(query, newestFirst: true) { fill in
            writer.write { bytes in
                bytes += (count == 0 ? "[\n" : ",\n").utf8
                ResultJSON.fill(fill, unit: unit).write(to: &bytes)
            }
            count += 1
            if count % 4096 == 0 { progress?(count) }
        }
        writer.write(count == 0 ? "[]\n" : "\n]\n")
        return count
    }

    /// One page of the history, newest first: at most `size` fills, the
    /// newest, or the newest older than `olderThan`, or the oldest newer than
    /// `newerThan`; and whether more lie beyond each end. The filters are
    /// checked, and an earlier name warned of, as ``run(in:)`` does; the
    /// input's limit is not used: the page's size is `size`.
    public func page(in session: Session, size: Int, olderThan: LogPosition? = nil, newerThan: LogPosition? = nil) throws(LogbookError)
        -> HistoryPage
    {
        let logbook = try session.logbook()
        let resolution = try Self.placed { () throws(LogbookError) in try logbook.openForReading(query) }
        var bounded = query
        bounded.olderThan = olderThan
        bounded.newerThan = newerThan
        let page = try logbook.historyPage(bounded, size: size)
        session.warn(resolution?.earlierName)
        return page
    }

    /// Runs `body`, placing a refusal of the filters at the input it is
    /// about: a period that ends before it starts at `since`, a cylinder that
    /// is not in the log at `cylinder`.
    static func placed<Result>(_ body: () throws(LogbookError) -> Result) throws(LogbookError) -> Result {
        do {
            return try body()
        } catch {
            if case .emptyPeriod = error.reason { throw LogbookError(error.reason, field: since.spec.name) }
            if case .unknownCylinder = error.reason { throw LogbookError(error.reason, field: cylinder.spec.name) }
            if case .ambiguousEarlierName = error.reason { throw LogbookError(error.reason, field: cylinder.spec.name) }
            throw error
        }
    }
}
