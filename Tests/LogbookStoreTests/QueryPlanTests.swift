import NitroxCalculator
import Testing

@testable import LogbookStore

/// Lookups must cost the same at 1,000 fills as at 1,000,000: SQLite's
/// EXPLAIN QUERY PLAN shows that none of them scans the fills table.
/// See <https://www.sqlite.org/eqp.html>.
@Suite("Query plans")
struct QueryPlanTests {
    let folder = TemporaryFolder()

    func plan(_ sql: String, _ values: [String: DatabaseValue], in path: String) throws -> [String] {
        let database = try Database(path: path, mode: .readOnly)
        let statement = try database.prepare("EXPLAIN QUERY PLAN " + sql)
        try statement.bind(values)
        var details: [String] = []
        while try statement.step() { details.append(statement.text(3)) }
        return details
    }

    @Test("mod CYLINDER, list and log CYLINDER --limit N search the index, never scan the fills")
    func lookupsUseTheIndex() throws {
        let path = folder.file("plan.sqlite")
        let logbook = Logbook(path: path)
        var csv = FillLogFormat.baseColumns.joined(separator: ",") + "\n"
        for index in 0..<1_000 {
            csv +=
                ",2026-01-01T\(index / 60 % 24 < 10 ? "0" : "")\(index / 60 % 24):\(index % 60 < 10 ? "0" : "")\(index % 60):00Z,Cyl \(index % 30),,32,1.4,,,,,,,,,\n"
        }
        _ = try logbook.importFills(from: ByteStream(bytes: Array(csv.utf8), name: "fills"), actor: nil)
        // Let the planner see the real shape of the data, as a long-used logbook would.
        try Database(path: path, mode: .readWrite).execute(script: "ANALYZE")

        let lookups: [(String, String, [String: DatabaseValue])] = [
            ("mod CYLINDER and list", CurrentGasLookup.currentFillSQL, ["cylinder_id": .integer(1), "latest": .text("2026-11-30T00:00:00Z")]),
            (
                "fills passed over", CurrentGasLookup.passedOverSQL,
                ["cylinder_id": .integer(1), "current_filled_at": .text("2026-01-01T16:31:00Z"), "current_id": .integer(5)]
            ),
            (
                "log CYLINDER --limit 10",
                Logbook.historySQL(
                    FillQuery(cylinder: try CylinderName(parsing: "Cyl 1"), limit: 10), cylinderID: 2,
                    order: .newestFirst
                ).sql,
                ["cylinder_id": .integer(2), "limit": .integer(10)]
            ),
        ]
        for (name, sql, values) in lookups {
            let details = try plan(sql, values, in: path)
            #expect(
                details.contains { $0.contains("USING INDEX fills_by_cylinder") || $0.contains("USING COVERING INDEX fills_by_cylinder") },
                "\(name): \(details)")
            #expect(!details.contains { $0.hasPrefix("SCAN f") }, "\(name) scans the fills: \(details)")
            #expect(!details.contains { $0.contains("TEMP B-TREE") }, "\(name) sorts: \(details)")
        }
        #expect(try logbook.currentGas(of: CylinderName(parsing: "Cyl 1")).fill!.filledAt.iso8601 == "2026-01-01T16:31:00Z")
    }

    /// A logbook of 1,000 fills in 30 cylinders, analysed.
    func analysedLogbook() throws -> String {
        let path = folder.file("pages.sqlite")
        var csv = FillLogFormat.baseColumns.joined(separator: ",") + "\n"
        for index in 0..<1_000 {
            csv +=
                ",2026-01-01T\(index / 60 % 24 < 10 ? "0" : "")\(index / 60 % 24):\(index % 60 < 10 ? "0" : "")\(index % 60):00Z,Cyl \(index % 30),,32,1.4,,,,,,,,,\n"
        }
        _ = try Logbook(path: path).importFills(from: ByteStream(bytes: Array(csv.utf8), name: "fills"), actor: nil)
        try Database(path: path, mode: .readWrite).execute(script: "ANALYZE")
        return path
    }

    @Test("A cylinder's page of the log, either way, is a range of fills_by_cylinder in order: no scan, no sort")
    func cylinderPagesUseTheIndex() throws {
        let path = try analysedLogbook()
        let at = DatabaseValue.text("2026-01-01T10:00:00Z")
        var older = FillQuery(cylinder: try CylinderName(parsing: "Cyl 1"), limit: 101)
        older.olderThan = LogPosition(filledAt: try Timestamp(parsing: "2026-01-01T10:00:00Z"), id: 500)
        var newer = FillQuery(cylinder: try CylinderName(parsing: "Cyl 1"), limit: 101)
        newer.newerThan = older.olderThan
        for (name, query, order, values) in [
            ("older", older, Logbook.HistoryOrder.newestFirst, ["older_at": at, "older_id": .integer(500)]),
            ("newer", newer, .oldestFirst, ["newer_at": at, "newer_id": .integer(500)]),
        ] {
            var bound = values
            bound["cylinder_id"] = .integer(2)
            bound["limit"] = .integer(101)
            let details = try plan(Logbook.historySQL(query, cylinderID: 2, order: order).sql, bound, in: path)
            #expect(details.contains { $0.contains("INDEX fills_by_cylinder (cylinder_id=? AND filled_at") }, "\(name): \(details)")
            #expect(!details.contains { $0.hasPrefix("SCAN f") } && !details.contains { $0.contains("TEMP B-TREE") }, "\(name): \(details)")
        }
    }

    @Test("A page of the whole log sorts only ids and times, from fills_by_cylinder, and reads just its own fills whole")
    func wholeLogPageSortsTheIndex() throws {
        let path = try analysedLogbook()
        var query = FillQuery(limit: 101)
        query.olderThan = LogPosition(filledAt: try Timestamp(parsing: "2026-01-01T10:00:00Z"), id: 500)
        let details = try plan(
            Logbook.historySQL(query, cylinderID: nil, order: .newestFirst).sql,
            ["older_at": .text("2026-01-01T10:00:00Z"), "older_id": .integer(500), "limit": .integer(101)], in: path)
        // There is no index on filled_at alone (each import would pay for one): the ids are sorted from the covering index.
        #expect(details.first == "SEARCH f USING INTEGER PRIMARY KEY (rowid=?)", "\(details)")
        // A scan of the index, or (once ANALYZE has run) a skip-scan of it by cylinder.
        #expect(
            details.contains { ($0.hasPrefix("SCAN f") || $0.hasPrefix("SEARCH f")) && $0.contains("USING COVERING INDEX fills_by_cylinder") },
            "\(details)")
        #expect(!details.contains("SCAN f"), "the page reads the fills table whole: \(details)")
    }

    @Test("The check for fills without a cylinder searches fills_by_cylinder once per cylinder and never scans the fills")
    func missingCylinderCheckUsesTheIndex() throws {
        let path = try analysedLogbook()
        let details = try plan(Logbook.missingCylinderSQL, [:], in: path)
        #expect(details.filter { $0.contains("fills") }.allSatisfy { $0.contains("COVERING INDEX fills_by_cylinder") }, "\(details)")
        #expect(details.contains { $0.contains("fills_by_cylinder (cylinder_id>?)") }, "\(details)")
    }
}
