import LogbookStore
import NitroxCalculator

/// The fills of a year, counted by local month: the secretary's report.
public struct TallyYear: UseCase {
    /// What it does, in a line.
    public static let summary: Wording = "The fills of a year, counted by local month."

    /// The year.
    public static let year = Option<Int>("year", value: "year", help: "The year, such as 2026.") {
        try WholeNumber.parse($0, in: 1900...9998, what: "year")
    }
    .required()
    /// The year.
    public static let inputs: [any InputDeclaration] = [year]

    /// The year counted.
    public let year: Int

    /// The tally of `year`.
    public init(year: Int) {
        self.year = year
    }

    /// Reads the year.
    public init(_ input: InputReader) throws(LogbookError) {
        self.init(year: try input.value(Self.year))
    }

    /// The tally of the year's fills by local month: each month's fills run
    /// from the first moment of its first local day to that of the next month's.
    public func run(in session: Session) throws(LogbookError) -> YearTallyResult {
        let starts = (1...13).compactMap { month in
            CivilDate(year: year + (month - 1) / 12, month: (month - 1) % 12 + 1, day: 1).map(LocalTime.start(of:))
        }
        guard starts.count == 13 else { throw LogbookError(.internalFailure("the months of \(year) are not all dates")) }
        let query = FillQuery(since: starts[0], before: starts[12])
        return YearTallyResult(year: year, tally: try session.logbook().tally(query, splitAt: Array(starts[1...11])))
    }
}
