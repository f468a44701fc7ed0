/// How many fills of one period share a label, a void and an override:
/// one cell of a report's tally, counted by SQLite's scan of the log
/// without a record built for each fill.
public struct FillTally: Sendable, Hashable {
    /// The period: 0 before the first boundary, 1 from it to the second, and so on.
    public let period: Int
    /// The gas label on the fills' tags.
    public let label: String
    /// Whether the fills are void.
    public let isVoid: Bool
    /// Whether the fills were recorded despite a refusal.
    public let isOverridden: Bool
    /// How many fills.
    public let count: Int

    /// A cell of a tally.
    public init(period: Int, label: String, isVoid: Bool, isOverridden: Bool, count: Int) {
        self.period = period
        self.label = label
        self.isVoid = isVoid
        self.isOverridden = isOverridden
        self.count = count
    }
}

extension Logbook {
    /// `query`'s fills counted by period, label, void and override, all
    /// from one snapshot; cells without fills are left out. `boundaries`,
    /// in ascending order, split the time into `boundaries.count + 1`
    /// periods. As in the log, a fill whose cylinder row has gone refuses
    /// the whole tally rather than being left out of it.
    ///
    /// The fills are read in one scan, a few columns each, and counted here:
    /// a year of a club's fills costs the time of that scan, not of sorting
    /// it into groups or of building a record for each fill.
    public func tally(_ query: FillQuery, splitAt boundaries: [Timestamp]) throws(LogbookError) -> [FillTally] {
        try query.checkPeriod()
        return try perform(writing: false) { database in
            try database.readTransaction {
                if query.cylinder == nil {
                    let ids = try fillsWithoutCylinder(in: database)
                    guard ids.isEmpty else { throw LogbookError.fillsWithoutCylinder(ids) }
                }
                var (condition, values) = query.whereClause(cylinderID: try cylinderID(for: query, in: database))
                var period = "0"
                if !boundaries.isEmpty {
                    let cases = boundaries.indices.map { index in "WHEN f.filled_at < :boundary_\(index) THEN \(index)" }
                    period = "CASE " + cases.joined(separator: " ") + " ELSE \(boundaries.count) END"
                    for (index, boundary) in boundaries.enumerated() { values["boundary_\(index)"] = .text(boundary.iso8601) }
                }
                let statement = try database.prepare(
                    "SELECT " + period + " AS period, f.label AS label, v.fill_id IS NOT NULL AS is_void,"
                        + " f.override_reason IS NOT NULL AS is_overridden FROM fills AS f LEFT JOIN voids AS v ON v.fill_id = f.id"
                        + condition)
                try statement.bind(values)
                struct Cell: Hashable {
                    let period: Int, label: String, isVoid: Bool, isOverridden: Bool
                }
                var counts: [Cell: Int] = [:]
                while try statement.step() {
                    let cell = Cell(
                        period: statement.integer(0), label: statement.text(1), isVoid: statement.integer(2) == 1,
                        isOverridden: statement.integer(3) == 1)
                    counts[cell, default: 0] += 1
                }
                return counts.map { cell, count in
                    FillTally(period: cell.period, label: cell.label, isVoid: cell.isVoid, isOverridden: cell.isOverridden, count: count)
                }
            }
        }
    }
}
