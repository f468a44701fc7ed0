import LogbookStore

/// Inspections and compressors' air tests that are overdue or fall due
/// soon, soonest first, after compressors' filters near the end of their
/// life; retired cylinders and compressors, and unknown dates, are left out.
public struct ListDue: UseCase {
    /// What it does, in a line: the command's overview and the API operation's summary.
    public static let summary: Wording =
        "List cylinders whose hydrostatic test or visual inspection, and compressors whose air test, is overdue or falls due soon, soonest first, after compressors' filters with 10% or less of their life left."
    /// More about it: the command's discussion and the API operation's description.
    public static let description: Wording? = """
        An inspection is valid through its due date: the last one plus hydro-interval-years or \
        visual-interval-months (a month-end date clamps, so 2024-02-29 plus one year is 2025-02-28). \
        Retired cylinders and unknown dates are left out.
        """

    /// How many days ahead to look.
    public static let within = Option<Int>(
        "within", value: "days", schema: .integer(minimum: 0, maximum: 3650),
        help: "Include inspections due within this many days, 0 to 3650 (default 30)."
    ) {
        try WholeNumber.parse($0, in: 0...3650, what: "number of days")
    }
    /// The inputs it reads: the command's options and the API's allowed keys.
    public static let inputs: [any InputDeclaration] = [within]

    /// How many days ahead to look.
    public let days: Int

    /// Reads the input; bad input throws, naming its field, before anything is read or written.
    public init(_ input: InputReader) throws(LogbookError) {
        days = try input.value(Self.within) ?? 30
    }

    /// Runs it in `session`, which gathers its warnings.
    public func run(in session: Session) throws(LogbookError) -> DueResult {
        let logbook = try session.logbook()
        return DueResult(
            inspections: try logbook.dueInspections(within: days),
            compressors: try logbook.dueCompressors(within: days, latest: EntryTimeLimit(clockOf: logbook).latest),
            days: days)
    }
}
