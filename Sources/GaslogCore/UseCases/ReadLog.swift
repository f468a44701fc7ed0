import LogbookStore
import NitroxCalculator

/// The fill history, newest first, with the filters that `log` and the
/// export share. A cylinder asked for by an earlier name says so.
public struct ReadLog: UseCase {
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
    public static let overridden = Flag("overridden", help: "Only fills recorded despite a fill-station check, with --override.")
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
