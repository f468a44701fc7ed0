import NitroxCalculator

/// Which fills `log` and `export` show.
public struct FillQuery: Sendable {
    public var cylinder: CylinderName?
    /// Fills at or after this moment.
    public var since: Timestamp?
    /// Fills before this moment (a date's end, so that the day is included).
    public var before: Timestamp?
    public var limit: Int?
    /// Fills by this blender or diver, compared as names are: regardless of
    /// case and of how an accent was typed.
    public var blender: String?
    public var diver: String?
    /// Fills whose gas, the richer of the two readings, is this mix.
    public var gas: GasMix?
    /// Only fills recorded despite a refusal.
    public var overriddenOnly = false

    public init(cylinder: CylinderName? = nil, since: Timestamp? = nil, before: Timestamp? = nil, limit: Int? = nil) {
        self.cylinder = cylinder
        self.since = since
        self.before = before
        self.limit = limit
    }

    /// The WHERE clause and its bound values; the clause holds only fixed
    /// SQL text, never a value. `cylinderID` is the cylinder that
    /// ``cylinder`` names, looked up by the store.
    func whereClause(cylinderID: Int?) -> (sql: String, values: [DatabaseValue]) {
        var conditions: [String] = []
        var values: [DatabaseValue] = []
        if let cylinderID {
            conditions.append("f.cylinder_id = ?")
            values.append(.integer(cylinderID))
        }
        for (column, name) in [("f.blender", blender), ("f.diver", diver)] {
            guard let name else { continue }
            conditions.append("gaslog_fold(\(column)) = ?")
            values.append(.text(UnicodeRules.fold(name)))
        }
        if let gas {
            conditions.append("max(f.o2_permille, coalesce(f.diver_o2_permille, 0)) = ?")
            values.append(.integer(gas.oxygenPermille))
        }
        if overriddenOnly {
            conditions.append("f.override_reason IS NOT NULL")
        }
        if let since {
            conditions.append("f.filled_at >= ?")
            values.append(.text(since.iso8601))
        }
        if let before {
            conditions.append("f.filled_at < ?")
            values.append(.text(before.iso8601))
        }
        return (conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND "), values)
    }
}

extension FillQuery {
    /// The exclusive end for `--until TEXT`: the end of the local day for a
    /// date alone, or the second after an exact time, so that `--until` includes
    /// what it names.
    public static func end(until text: String) throws(FieldError) -> Timestamp {
        if let day = try? CivilDate(parsing: text) {
            return LocalTime.start(of: CivilDate(daysSinceEpoch: day.daysSinceEpoch + 1))
        }
        return Timestamp(secondsSinceEpoch: try Timestamp(parsing: text).secondsSinceEpoch + 1)
    }
}
