import LogbookStore
import NitroxCalculator
import Testing

@testable import GaslogCore

/// Recording a fill by the fill station's policy: the refusals are facts
/// a front end can switch on; these check the reasons, not the words.
@Suite("Recording a fill: refusals and overrides")
struct FillRecorderTests {
    let folder = TemporaryFolder()

    @Test("A fill refused by several checks names every rule at once, with its facts")
    func everyRuleAtOnce() throws {
        let logbook = Logbook(path: folder.file("rules.sqlite"), clock: fixedClock)  // 2026-06-15
        let name = try CylinderName(parsing: "Old Steel")
        try logbook.addCylinder(
            name,
            CylinderChanges(
                workingPressure: Pressure(bar: Rational(200)), hydroDate: try CivilDate(parsing: "2020-01-10"),
                visualDate: try CivilDate(parsing: "2025-01-10"), isOxygenClean: false), actor: nil)
        try logbook.retireCylinder(name, reason: "dented", actor: nil)
        var request = try fill("Old Steel", "50")
        request.pressure = Pressure(bar: Rational(240))
        let refused = reason { () throws(LogbookError) in _ = try FillRecorder(request).record(in: logbook) }
        guard case .refused(let carried)? = refused, let refusal = carried.detail as? FillRefusal else {
            Issue.record("expected a refusal, got \(String(describing: refused))")
            return
        }
        #expect(refusal.cylinder == "Old Steel" && !refusal.isBlendPlan)
        #expect(carried.rules == ["retired", "hydro_expired", "visual_expired", "over_pressure", "not_oxygen_clean"])
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
        #expect(LogbookError(refusing: refusal) == LogbookError(.refused(carried)))
        #expect(LogbookError(refusing: refusal).category == .refused(rules: carried.rules))
        #expect(LogbookError(refusing: refusal).fillRefusal == refusal)
        // Nothing was written.
        #expect(try shell("SELECT count(*) FROM fills", in: folder.file("rules.sqlite")) == "0\n")
        // An override records it, and says what it set aside.
        request.overrideReason = "hydro booked; checked by hand"
        let outcome = try FillRecorder(request).record(in: logbook)
        #expect(outcome.overridden == refusal)
        #expect(outcome.record.overrideReason == "hydro booked; checked by hand")
    }

    @Test("Readings too far apart are refused with both readings")
    func readingsTooFarApart() throws {
        let logbook = Logbook(path: folder.file("facts.sqlite"), clock: fixedClock)
        var request = try fill("A", "32")
        request.diverMix = GasMix(oxygenPermille: 335)
        #expect(
            reason { () throws(LogbookError) in _ = try FillRecorder(request).record(in: logbook) }
                == .toleranceExceeded(blender: GasMix(oxygenPermille: 320)!, diver: GasMix(oxygenPermille: 335)!))
    }
}
