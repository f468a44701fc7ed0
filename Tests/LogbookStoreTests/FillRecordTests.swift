import NitroxCalculator
import Testing

@testable import LogbookStore

@Suite("Fill records and small readers")
struct FillRecordTests {
    let folder = TemporaryFolder()

    @Test("One fills INSERT, of VALUES, for a fill and an import; the import's duplicate check finds only earlier fills")
    func oneFillsInsert() throws {
        #expect(
            FillTable.insertSQL
                == "INSERT INTO fills (\(FillTable.columns.joined(separator: ", "))) VALUES (:\(FillTable.columns.joined(separator: ", :")))")

        let path = folder.file("insert.sqlite")
        let logbook = Logbook(path: path, clock: fixedClock)
        var request = try fill("A", "18/45", ppo2: "1.3", at: "2026-06-01T10:00:00Z", note: "twin")
        request.pressure = try Pressure(parsing: "232", preferred: .metric)
        request.diverMix = try GasMix(parsing: "18.5/44")
        request.diverAnalysedHelium = true
        request.blender = "Zoë"
        try logbook.recordFill(request)
        let database = try Database(path: path, mode: .readWrite)
        let depth = MaximumOperatingDepth(mix: request.referenceMix, partialPressure: request.partialPressure)
        let values = FillTable.values(
            of: request, id: nil, cylinderID: 1, filledAt: request.filledAt!, depth: depth, recordedAt: fixedClock().iso8601,
            compressorID: nil)
        try database.prepare(FillTable.insertSQL).execute(values)
        #expect(database.changes == 1)
        // Fill 1 (and now 2) have this cylinder, time, O2 and ppO₂: a duplicate of fills up to id 2, of none up to id 0.
        let duplicate = try database.prepare(FillTable.duplicateSQL)
        let check: [String: DatabaseValue] = [
            "cylinder_id": .integer(1), "filled_at": .text("2026-06-01T10:00:00Z"), "o2_permille": .integer(180),
            "ppo2_centibar": .integer(130),
        ]
        #expect(try duplicate.scalarInteger(check.merging(["last_id_before": .integer(2)]) { $1 }) == 1)
        #expect(try duplicate.scalarInteger(check.merging(["last_id_before": .integer(0)]) { $1 }) == nil)
        #expect(try duplicate.scalarInteger(check.merging(["last_id_before": .integer(2), "o2_permille": .integer(181)]) { $1 }) == nil)
        let columns = FillTable.columns.filter { $0 != "id" }.map { "quote(\($0))" }.joined(separator: ", ")
        let stored = try rows("SELECT \(columns) FROM fills ORDER BY id", in: path)
        #expect(stored.count == 2 && stored[1] == stored[0])
    }

    @Test("Whole numbers: digits only, within the range")
    func wholeNumbers() throws {
        #expect(try WholeNumber.parse("0", in: 0...10, what: "n") == 0)
        #expect(try WholeNumber.parse("007", in: 0...10, what: "n") == 7)
        #expect(try WholeNumber.parse("9223372036854775", in: 1...Int.max, what: "id") == 9_223_372_036_854_775)
        for bad in ["", "-1", "+1", "1.0", "1e1", " 1", "11", "١", "99999999999999999999"] {
            #expect(throws: FieldError.self, "\(bad)") { try WholeNumber.parse(bad, in: 0...10, what: "n") }
        }
        #expect(throws: FieldError(.invalid(what: "id", value: "x", expected: .wholeNumberAtLeast(1)))) {
            try WholeNumber.parse("x", in: 1...Int.max, what: "id")
        }
    }
}
