import GaslogCore

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
