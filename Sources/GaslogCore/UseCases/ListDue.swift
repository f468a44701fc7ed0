import LogbookStore

/// Inspections and compressors' air tests that are overdue or fall due
/// soon, soonest first, after compressors' filters near the end of their
/// life; retired cylinders and compressors, and unknown dates, are left out.
public struct ListDue: UseCase {
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
        return DueResult(inspections: try logbook.dueInspections(within: days), compressors: try logbook.dueCompressors(within: days), days: days)
    }
}
