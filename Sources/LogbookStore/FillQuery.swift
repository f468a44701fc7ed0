import InputRules
import NitroxCalculator

/// Which fills `log` and `export` show.
public struct FillQuery: Sendable {
    /// Only this cylinder's fills, by its current or an earlier name.
    public var cylinder: CylinderName?
    /// Fills at or after this moment.
    public var since: Timestamp?
    /// Fills before this moment (a date's end, so that the day is included).
    public var before: Timestamp?
    /// At most this many fills.
    public var limit: Int?
    /// Fills by this blender, compared as names are: regardless of case and
    /// of how an accent was typed.
    public var blender: String?
    /// Fills analysed by this diver, compared as names are.
    public var diver: String?
    /// Fills whose reference gas (the higher O2 and the lower helium of the two readings) is this mix.
    public var gas: GasMix?
    /// Only fills recorded despite a refusal.
    public var overriddenOnly = false
    /// Only fills before this place in the log's order: filled earlier, or
    /// at the same moment with a lower id.
    public var olderThan: LogPosition?
    /// Only fills after this place in the log's order.
    public var newerThan: LogPosition?

    /// A query for fills of `cylinder` from `since` to before `before`.
    public init(cylinder: CylinderName? = nil, since: Timestamp? = nil, before: Timestamp? = nil, limit: Int? = nil) {
        self.cylinder = cylinder
        self.since = since
        self.before = before
        self.limit = limit
    }

    /// Refuses a period that ends before it starts, which nothing could match.
    public func checkPeriod() throws(LogbookError) {
        if let since, let before, before <= since {
            throw LogbookError(.emptyPeriod(since: since, until: before))
        }
    }

    /// The WHERE clause and its values by parameter name; the clause holds
    /// only fixed SQL text, never a value. `cylinderID` is the cylinder that
    /// ``cylinder`` names, looked up by the store.
    func whereClause(cylinderID: Int?) -> (sql: String, values: [String: DatabaseValue]) {
        var conditions: [String] = []
        var values: [String: DatabaseValue] = [:]
        if let cylinderID {
            conditions.append("f.cylinder_id = :cylinder_id")
            values["cylinder_id"] = .integer(cylinderID)
        }
        for (column, name) in [("blender", blender), ("diver", diver)] {
            guard let name else { continue }
            if cylinderID != nil {
                // A cylinder's fills are read through its index: each name is folded as it is read.
                conditions.append("gaslog_name_key(f.\(column)) = :\(column)")
            } else {
                // Across the whole log, each different name is folded once
                // rather than each fill's: a club has a few hundred names and
                // hundreds of thousands of fills, and the fold is Swift's.
                // MATERIALIZED keeps SQLite from pushing the fold down into
                // the scan of the fills, where it would run for every row again.
                conditions.append(
                    "f.\(column) IN (WITH names (name) AS MATERIALIZED (SELECT DISTINCT \(column) FROM fills)"
                        + " SELECT name FROM names WHERE gaslog_name_key(name) = :\(column))")
            }
            values[column] = .text(UnicodeRules.fold(name))
        }
        if let gas {
            // The reference gas, as FillRequest.reference computes it: the higher O2, the lower helium.
            conditions.append(
                "max(f.o2_permille, coalesce(f.diver_o2_permille, 0)) = :gas_o2_permille"
                    + " AND min(f.he_permille, coalesce(f.diver_he_permille, f.he_permille)) = :gas_he_permille")
            values["gas_o2_permille"] = .integer(gas.oxygenPermille)
            values["gas_he_permille"] = .integer(gas.heliumPermille)
        }
        if overriddenOnly {
            conditions.append("f.override_reason IS NOT NULL")
        }
        if let since {
            conditions.append("f.filled_at >= :since")
            values["since"] = .text(since.iso8601)
        }
        if let before {
            conditions.append("f.filled_at < :before")
            values["before"] = .text(before.iso8601)
        }
        // Row values compare the pair as the log orders it, and let
        // fills_by_cylinder (cylinder_id, filled_at, and the id it ends in)
        // answer a cylinder's page by a range of the index.
        for (name, position, comparison) in [("older", olderThan, "<"), ("newer", newerThan, ">")] {
            guard let position else { continue }
            conditions.append("(f.filled_at, f.id) \(comparison) (:\(name)_at, :\(name)_id)")
            values[name + "_at"] = .text(position.filledAt.iso8601)
            values[name + "_id"] = .integer(position.id)
        }
        return (conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND "), values)
    }
}

extension FillQuery {
    /// The exclusive end for an inclusive "until" text: the end of the local
    /// day for a date alone, or the second after an exact time, so that the
    /// period includes what the text names.
    public static func end(until text: String) throws(FieldError) -> Timestamp {
        if let day = try? CivilDate(parsing: text) {
            return LocalTime.start(of: CivilDate(daysSinceEpoch: day.daysSinceEpoch + 1))
        }
        return Timestamp(secondsSinceEpoch: try Timestamp(parsing: text).secondsSinceEpoch + 1)
    }
}
