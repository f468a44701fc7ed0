import LogbookStore

/// The secretary's year in numbers: fills in force per month by gas, and
/// overrides and voids per month. A fill counts in the month of its local
/// fill date; a void fill counts as a void, not as a fill.
struct YearReport: Equatable {
    let year: Int
    /// The gases filled in the year, in label order.
    let gases: [String]
    /// Fills in force, by month (0 = January) and gas.
    let fills: [[String: Int]]
    /// Fills recorded with an override, by month, void or not.
    let overrides: [Int]
    /// Fills voided, by the month they were filled in.
    let voids: [Int]

    /// The report of `year` from the logbook's tally of the year's fills
    /// by local month: each month's fills run from the first moment of its
    /// first local day to that of the next month's.
    init(year: Int, logbook: Logbook) throws(LogbookError) {
        let starts = (1...13).compactMap { month in
            CivilDate(year: year + (month - 1) / 12, month: (month - 1) % 12 + 1, day: 1).map(LocalTime.start(of:))
        }
        guard starts.count == 13 else { throw LogbookError(.internalFailure("the months of \(year) are not all dates")) }
        let query = FillQuery(since: starts[0], before: starts[12])
        self.init(year: year, tally: try logbook.tally(query, splitAt: Array(starts[1...11])))
    }

    /// The report from a tally of the year's fills whose periods are its months.
    init(year: Int, tally: [FillTally]) {
        var fills = [[String: Int]](repeating: [:], count: 12)
        var overrides = [Int](repeating: 0, count: 12)
        var voids = [Int](repeating: 0, count: 12)
        for cell in tally where (0..<12).contains(cell.period) {
            let month = cell.period
            if cell.isOverridden { overrides[month] += cell.count }
            if cell.isVoid {
                voids[month] += cell.count
            } else {
                fills[month][cell.label, default: 0] += cell.count
            }
        }
        self.year = year
        self.gases = Set(fills.flatMap(\.keys)).sorted()
        self.fills = fills
        self.overrides = overrides
        self.voids = voids
    }

    /// Fills in force in a month, all gases together.
    func total(month: Int) -> Int { fills[month].values.reduce(0, +) }

    /// Fills in force in the year.
    var total: Int { (0..<12).map(total(month:)).reduce(0, +) }
}
