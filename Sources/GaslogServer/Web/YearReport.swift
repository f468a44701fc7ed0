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

    init(year: Int, fills records: [FillRecord]) {
        var fills = [[String: Int]](repeating: [:], count: 12)
        var overrides = [Int](repeating: 0, count: 12)
        var voids = [Int](repeating: 0, count: 12)
        for fill in records {
            let date = fill.filledAt.localDate
            guard date.year == year else { continue }
            let month = date.month - 1
            if fill.overrideReason != nil { overrides[month] += 1 }
            if fill.isVoid {
                voids[month] += 1
            } else {
                fills[month][fill.label, default: 0] += 1
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
