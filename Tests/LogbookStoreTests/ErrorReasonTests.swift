import NitroxCalculator
import Testing

@testable import LogbookStore

/// The store's errors are facts a front end can switch on; these check the
/// reasons, not the words.
@Suite("Typed errors: each refusal is a reason with its facts")
struct ErrorReasonTests {
    let folder = TemporaryFolder()

    @Test("A fill refused by several checks names every rule at once, with its facts")
    func everyRuleAtOnce() throws {
        let logbook = Logbook(path: folder.file("rules.sqlite"), clock: fixedClock)  // 2026-06-15
        let name = try CylinderName(parsing: "Old Steel")
        try logbook.addCylinder(
            name,
            CylinderChanges(
                workingPressure: Pressure(bar: Rational(200)), hydroDate: try CivilDate(parsing: "2020-01-10"),
                visualDate: try CivilDate(parsing: "2025-01-10"), isOxygenClean: false), by: nil)
        try logbook.retireCylinder(name, reason: "dented", by: nil)
        var request = try fill("Old Steel", "50")
        request.pressure = Pressure(bar: Rational(240))
        let refused = reason { () throws(LogbookError) in try logbook.recordFill(request) }
        guard case .refused(let refusal)? = refused else {
            Issue.record("expected a refusal, got \(String(describing: refused))")
            return
        }
        #expect(refusal.cylinder == "Old Steel")
        #expect(refusal.rules.map(\.code) == ["retired", "hydro_expired", "visual_expired", "over_pressure", "not_oxygen_clean"])
        #expect(refusal.rules[0] == .retired(at: fixedClock(), reason: "dented"))
        #expect(
            refusal.rules[1]
                == .hydrostaticTestExpired(
                    last: try CivilDate(parsing: "2020-01-10"), due: try CivilDate(parsing: "2025-01-10"), intervalMonths: 60))
        #expect(
            refusal.rules[3]
                == .overPressure(
                    pressure: Pressure(bar: Rational(240)), workingPressure: Pressure(bar: Rational(200)), marginPercent: 0,
                    limit: Pressure(bar: Rational(200))))
        #expect(refusal.rules[4] == .notOxygenClean(.richMix(GasMix(oxygenPermille: 500)!, thresholdPermille: 400)))
        #expect(LogbookError(.refused(refusal)).kind == .refused)
        // Nothing was written.
        #expect(try rows("SELECT count(*) FROM fills", in: folder.file("rules.sqlite")) == [["0"]])
        // An override records it, and says what it set aside.
        request.overrideReason = "hydro booked; checked by hand"
        let outcome = try logbook.recordFill(request)
        #expect(outcome.overridden == refusal)
        #expect(outcome.record.overrideReason == "hydro booked; checked by hand")
    }

    @Test("Readings too far apart, unknown names and fills, fills void or missing, void twice")
    func refusalsAreFacts() throws {
        let logbook = Logbook(path: folder.file("facts.sqlite"), clock: fixedClock)
        let nobody = try CylinderName(parsing: "Nobody"), empty = try CylinderName(parsing: "Empty"), b = try CylinderName(parsing: "B")
        var request = try fill("A", "32")
        request.diverMix = GasMix(oxygenPermille: 335)
        #expect(
            reason { () throws(LogbookError) in try logbook.recordFill(request) }
                == .toleranceExceeded(blender: GasMix(oxygenPermille: 320)!, diver: GasMix(oxygenPermille: 335)!))
        #expect(reason { () throws(LogbookError) in _ = try logbook.currentGas(of: nobody) } == .unknownCylinder("Nobody"))
        #expect(reason { () throws(LogbookError) in _ = try logbook.fill(id: 99) } == .unknownFill(99))
        try logbook.addCylinder(empty, CylinderChanges(), by: nil)
        #expect(
            reason { () throws(LogbookError) in _ = try logbook.currentGas(of: empty) } == .noFillsYet(cylinder: "Empty"))
        let first = try logbook.recordFill(fill("B", "32")).record
        try logbook.voidFill(id: first.id, reason: "mislabelled")
        #expect(reason { () throws(LogbookError) in _ = try logbook.currentGas(of: b) } == .allFillsVoid(cylinder: "B"))
        #expect(
            reason { () throws(LogbookError) in try logbook.voidFill(id: first.id, reason: "again") }
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
        #expect(error.map { LogbookError($0).kind } == .invalidInput)
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
