import Foundation
import NitroxCalculator
import Testing

@testable import LogbookStore

/// The log a page at a time, keyed by (`filled_at`, id): pages follow the
/// log's order through fills of the same moment, meet without a gap or an
/// overlap, and stay the same pages while fills are added.
@Suite("History pages keyed by (filled_at, id)")
struct HistoryPageTests {
    let folder = TemporaryFolder()

    /// One imported fill: its id, cylinder, minutes after 2026-06-01T00:00Z, and blender.
    struct Row {
        let id: Int
        let cylinder: String
        let minute: Int
        var blender = ""

        var filledAt: String {
            let time = Timestamp(secondsSinceEpoch: 1_780_272_000 + minute * 60)
            return time.iso8601
        }
    }

    /// 230 fills in three cylinders whose ids do not follow their times:
    /// fill i is at minute (37 i mod 115), so that every minute holds two
    /// fills, i and i + 115, of different cylinders.
    static let rows: [Row] = (1...230).map { id in
        Row(id: id, cylinder: ["Club 07", "Club 08", "Club 09"][id % 3], minute: id * 37 % 115)
    }

    /// The log's order worked out here, not by the store: time, then id, newest first.
    static func newestFirst(_ rows: [Row]) -> [Int] {
        rows.sorted { ($0.filledAt, $0.id) > ($1.filledAt, $1.id) }.map(\.id)
    }

    /// A logbook holding `rows`, imported with their ids.
    func logbook(_ rows: [Row] = HistoryPageTests.rows) throws -> Logbook {
        let logbook = Logbook(path: folder.file("log.sqlite"), clock: fixedClock)
        var csv = FillLogFormat.baseColumns.joined(separator: ",") + "\n"
        for row in rows { csv += "\(row.id),\(row.filledAt),\(row.cylinder),,32,1.4,,,,\(row.blender),,,,,\n" }
        let summary = try logbook.importFills(from: ByteStream(bytes: Array(csv.utf8), name: "fills"), actor: nil)
        #expect(summary.imported == rows.count)
        // The ids are the file's, as the expectations assume.
        #expect(try shell("SELECT count(*) FROM fills WHERE id <= \(rows.count)", in: folder.file("log.sqlite")) == "\(rows.count)\n")
        return logbook
    }

    @Test("Following Older from the newest page reads the whole log in its order, 100 a page; Newer reads the same pages back")
    func olderThenNewer() throws {
        let logbook = try logbook()
        let expected = Self.newestFirst(Self.rows)
        var pages: [HistoryPage] = [try logbook.historyPage(FillQuery(), size: 100)]
        while let last = pages.last, last.hasOlder, let end = last.fills.last {
            var query = FillQuery()
            query.olderThan = LogPosition(of: end)
            pages.append(try logbook.historyPage(query, size: 100))
        }
        #expect(pages.map(\.fills.count) == [100, 100, 30])
        #expect(pages.flatMap(\.fills).map(\.id) == expected)
        #expect(pages.map(\.hasNewer) == [false, true, true])
        #expect(pages.map(\.hasOlder) == [true, true, false])
        // Newer from each page gives the page before it, fill for fill, and says whether it is the newest.
        for index in 1..<pages.count {
            var query = FillQuery()
            query.newerThan = LogPosition(of: try #require(pages[index].fills.first))
            let newer = try logbook.historyPage(query, size: 100)
            #expect(newer.fills.map(\.id) == pages[index - 1].fills.map(\.id), "page \(index)")
            #expect(newer.hasNewer == (index > 1) && newer.hasOlder, "page \(index)")
        }
    }

    @Test("Two fills of the same moment are ordered by id, and a page may end between them")
    func sameMoment() throws {
        let logbook = try logbook()
        // Minute 0, the oldest, holds fills 115 and 230.
        let sameMinute = Self.rows.filter { $0.minute == 0 }.map(\.id)
        #expect(sameMinute == [115, 230])
        let expected = Self.newestFirst(Self.rows)
        // A page that ends between the two: the bound is the later id, and the next page starts with the earlier one.
        var query = FillQuery()
        query.olderThan = LogPosition(filledAt: try Timestamp(parsing: "2026-06-01T00:00:00Z"), id: 230)
        let page = try logbook.historyPage(query, size: 5)
        #expect(page.fills.map(\.id) == [115])
        #expect(!page.hasOlder && page.hasNewer)
        #expect(expected.suffix(2) == [230, 115])
    }

    @Test("A page read by its bound stays the same while fills are added after it, back-dated ones and one at the bound's very moment")
    func stableWhileFillsAreAdded() throws {
        let logbook = try logbook()
        let first = try logbook.historyPage(FillQuery(), size: 100)
        var second = FillQuery()
        second.olderThan = LogPosition(of: try #require(first.fills.last))
        let before = try logbook.historyPage(second, size: 100).fills.map(\.id)
        // A fill now, one back-dated into the first page's minutes, and one at
        // the bound's own moment, which its higher id puts before the bound.
        let boundMinute = try #require(Self.rows.first { $0.id == first.fills.last?.id }).minute
        let added = [
            Row(id: 231, cylinder: "Club 10", minute: 14 * 1440 + 660), Row(id: 232, cylinder: "Club 10", minute: 110),
            Row(id: 233, cylinder: "Club 10", minute: boundMinute),
        ]
        for row in added { _ = try logbook.recordFill(try fill(row.cylinder, "36", at: row.filledAt)) }
        #expect(try logbook.historyPage(second, size: 100).fills.map(\.id) == before)
        // The newest page has moved on; an offset of 100 would now show other fills than the bound does.
        let all = Self.newestFirst(Self.rows + added)
        #expect(try logbook.historyPage(FillQuery(), size: 100).fills.map(\.id) == Array(all.prefix(100)))
        #expect(Array(all[100..<200]) != before)
        // Fill 233, at the bound's moment, sorts before the bound; the bound's page is the hundred after the bound.
        let boundID = try #require(first.fills.last).id
        #expect(try #require(all.firstIndex(of: 233)) < #require(all.firstIndex(of: boundID)))
        #expect(Array(all.drop(while: { $0 != boundID }).dropFirst().prefix(100)) == before)
    }

    @Test("A cylinder's pages and a blender's come from the same order, names compared regardless of case and of how an accent was typed")
    func filteredPages() throws {
        var rows = Self.rows
        for index in rows.indices where rows[index].id % 4 == 0 {
            rows[index].blender = rows[index].id % 8 == 0 ? "Zoë Ng" : "ZOE\u{0308} NG"
        }
        let logbook = try logbook(rows)
        var blender = FillQuery()
        blender.blender = "zoë ng"
        let expected = Self.newestFirst(rows.filter { !$0.blender.isEmpty })
        #expect(expected.count == 57)
        let page = try logbook.historyPage(blender, size: 50)
        #expect(page.fills.map(\.id) == Array(expected.prefix(50)) && page.hasOlder)
        blender.olderThan = LogPosition(of: try #require(page.fills.last))
        #expect(try logbook.historyPage(blender, size: 50).fills.map(\.id) == Array(expected.suffix(7)))
        // One cylinder's, with the blender too: the index's order, the same fold.
        var both = FillQuery(cylinder: try CylinderName(parsing: "Club 08"))
        both.blender = "ZOË NG"
        let ofClub08 = Self.newestFirst(rows.filter { !$0.blender.isEmpty && $0.cylinder == "Club 08" })
        #expect(try logbook.historyPage(both, size: 100).fills.map(\.id) == ofClub08)
        #expect(try logbook.history(both).map(\.id) == ofClub08)
        #expect(try logbook.countFills(blender) == 7)
    }

    @Test("A tally counts each period's fills by label, void and override, as the fills themselves say")
    func tally() throws {
        let logbook = try logbook()
        _ = try logbook.voidFill(id: 7, reason: "bad reading", voidedBy: nil)
        // Boundaries at minutes 40 and 80 make three periods.
        let boundaries = try [40, 80].map { try Timestamp(parsing: Row(id: 0, cylinder: "", minute: $0).filledAt) }
        let cells = try logbook.tally(FillQuery(), splitAt: boundaries)
        func period(_ minute: Int) -> Int { minute < 40 ? 0 : minute < 80 ? 1 : 2 }
        for index in 0...2 {
            let inPeriod = Self.rows.filter { period($0.minute) == index }
            let voids = inPeriod.filter { $0.id == 7 }.count
            #expect(cells.first { $0.period == index && !$0.isVoid }?.count == inPeriod.count - voids, "period \(index)")
            #expect(cells.first { $0.period == index && $0.isVoid }?.count == (voids == 0 ? nil : voids), "period \(index)")
        }
        #expect(Set(cells.map(\.label)) == ["EAN 32"] && !cells.contains(where: \.isOverridden))
        #expect(cells.map(\.count).reduce(0, +) == 230)
    }

    @Test("A fill whose cylinder row has gone refuses a page and a tally of the whole log, naming the fills")
    func fillWithoutCylinder() throws {
        let logbook = try logbook()
        let database = try Database(path: folder.file("log.sqlite"), mode: .readWrite)
        try database.execute(
            script: """
                PRAGMA foreign_keys = OFF;
                DROP TRIGGER cylinders_are_never_deleted;
                DELETE FROM cylinders WHERE name = 'Club 08';
                """)
        // Club 08 holds the fills whose id leaves 1 after division by 3: the first ten of them are named.
        let expected = Array(stride(from: 1, through: 28, by: 3))
        for (name, body) in [
            ("page", { () throws(LogbookError) in _ = try logbook.historyPage(FillQuery(), size: 100) }),
            ("tally", { () throws(LogbookError) in _ = try logbook.tally(FillQuery(), splitAt: []) }),
            ("history", { () throws(LogbookError) in _ = try logbook.history(FillQuery()) }),
        ] {
            guard case .databaseUnusable(.fillsWithoutCylinder(let ids)) = reason(body) else {
                Issue.record("\(name) did not refuse")
                continue
            }
            #expect(ids.count > 10 && Array(ids.prefix(10)) == expected, "\(name): \(ids)")
        }
    }
}
