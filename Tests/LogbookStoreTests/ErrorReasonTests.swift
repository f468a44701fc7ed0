import NitroxCalculator
import Testing

@testable import LogbookStore

/// The store's errors are facts a front end can switch on; these check the
/// reasons, not the words.
@Suite("Typed errors: each refusal is a reason with its facts")
struct ErrorReasonTests {
    let folder = TemporaryFolder()

    @Test("Unknown names and fills, fills void or missing, void twice")
    func refusalsAreFacts() throws {
        let logbook = Logbook(path: folder.file("facts.sqlite"), clock: fixedClock)
        let nobody = try CylinderName(parsing: "Nobody"), empty = try CylinderName(parsing: "Empty"), b = try CylinderName(parsing: "B")
        #expect(reason { () throws(LogbookError) in _ = try logbook.currentGas(of: nobody) } == .unknownCylinder("Nobody"))
        #expect(reason { () throws(LogbookError) in _ = try logbook.fill(id: 99) } == .unknownFill(99))
        try logbook.addCylinder(empty, CylinderChanges(), actor: nil)
        #expect(
            reason { () throws(LogbookError) in _ = try logbook.currentGas(of: empty) } == .noFillsYet(cylinder: "Empty"))
        let first = try logbook.recordFill(fill("B", "32")).record
        try logbook.voidFill(id: first.id, reason: "mislabelled", voidedBy: nil)
        #expect(reason { () throws(LogbookError) in _ = try logbook.currentGas(of: b) } == .allFillsVoid(cylinder: "B"))
        #expect(
            reason { () throws(LogbookError) in try logbook.voidFill(id: first.id, reason: "again", voidedBy: nil) }
                == .alreadyVoid(fill: first.id, reason: "mislabelled"))
    }

    @Test("A period that ends before it starts is bad input")
    func emptyPeriod() throws {
        let logbook = Logbook(path: folder.file("period.sqlite"), clock: fixedClock)
        let since = try Timestamp(parsing: "2026-02-01T00:00:00Z")
        let until = try Timestamp(parsing: "2026-01-01T00:00:00Z")
        let query = FillQuery(since: since, before: until)
        let error = reason { () throws(LogbookError) in _ = try logbook.history(query) }
        #expect(error == .emptyPeriod(since: since, until: until))
        #expect(error.map { LogbookError($0).category } == .invalid(field: nil))
    }

    @Test("The clock is the only source of now: a fill without a time is dated by it")
    func clockIsInjected() throws {
        let moment = try Timestamp(parsing: "2031-03-04T05:06:07Z")
        let logbook = Logbook(path: folder.file("clock.sqlite"), clock: { moment })
        let record = try logbook.recordFill(fill("C", "36")).record
        #expect(record.filledAt == moment)
        #expect(
            try rows("SELECT recorded_at, created_at FROM fills, cylinders", in: folder.file("clock.sqlite")) == [[moment.iso8601, moment.iso8601]])
        #expect(logbook.today() == moment.localDate)
    }
}
