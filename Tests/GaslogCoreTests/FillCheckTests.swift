import LogbookStore
import NitroxCalculator
import Testing

@testable import GaslogCore

/// The cylinder's fill-station checks, on a register in a temporary folder.
@Suite("Fill-station checks of a cylinder")
struct FillCheckTests {
    let folder = TemporaryFolder()

    func date(_ text: String) -> CivilDate { try! CivilDate(parsing: text) }

    func cylinder(in logbook: Logbook, _ changes: CylinderChanges, named name: String = "T") throws -> Cylinder {
        try logbook.addCylinder(CylinderName(parsing: name), changes, actor: nil)
    }

    @Test(
        "An inspection is valid through its due date and refused the day after, leap years included",
        arguments: [
            // (last hydro, fill date, refused?)
            ("2021-03-15", "2026-03-15", false), ("2021-03-15", "2026-03-16", true),
            ("2020-02-29", "2025-02-28", false), ("2020-02-29", "2025-03-01", true),
            ("2024-02-29", "2029-02-28", false), ("2024-02-29", "2029-03-01", true),
        ])
    func hydroBoundary(last: String, fillDate: String, refused: Bool) throws {
        let logbook = Logbook(path: folder.file("hydro.sqlite"), clock: fixedClock)
        let tank = try cylinder(in: logbook, CylinderChanges(hydroDate: date(last), visualDate: date("2020-01-01")))
        try logbook.set(.visualIntervalMonths, to: "120", actor: nil)
        let check = FillCheck(cylinder: tank, mix: .air, pressure: nil, date: date(fillDate), settings: try logbook.settings())
        #expect(check.failures.map(\.code) == (refused ? ["hydro_expired"] : []), "\(check.failures)")
    }

    @Test("Visual inspection boundary follows the months setting")
    func visualBoundary() throws {
        let logbook = Logbook(path: folder.file("visual.sqlite"), clock: fixedClock)
        let tank = try cylinder(in: logbook, CylinderChanges(hydroDate: date("2025-01-01"), visualDate: date("2025-01-31")))
        var settings = try logbook.settings()
        func rules(on day: String) -> [String] {
            FillCheck(cylinder: tank, mix: .air, pressure: nil, date: date(day), settings: settings).failures.map(\.code)
        }
        #expect(rules(on: "2026-01-31") == [])
        #expect(rules(on: "2026-02-01") == ["visual_expired"])
        settings.values[.visualIntervalMonths] = "1"
        #expect(rules(on: "2025-02-28") == [])
        #expect(rules(on: "2025-03-01") == ["visual_expired"])
    }

    @Test("Working pressure with the overfill margin, and oxygen service above the threshold")
    func pressureAndOxygen() throws {
        let logbook = Logbook(path: folder.file("checks.sqlite"), clock: fixedClock)
        let tank = try cylinder(
            in: logbook,
            CylinderChanges(
                workingPressure: Pressure(bar: Rational(200)), hydroDate: date("2025-01-01"),
                visualDate: date("2026-01-01"), isOxygenClean: false))
        var settings = try logbook.settings()
        let day = date("2026-06-01")
        func refusals(_ bar: Int, _ mix: GasMix = .air) -> [String] {
            FillCheck(cylinder: tank, mix: mix, pressure: Pressure(bar: Rational(bar)), date: day, settings: settings).failures.map(\.code)
        }
        #expect(refusals(200) == [])
        #expect(refusals(201) == ["over_pressure"])
        settings.values[.overfillMarginPercent] = "10"
        #expect(refusals(220) == [])
        #expect(refusals(221) == ["over_pressure"])
        #expect(refusals(200, GasMix(oxygenPermille: 400)!) == [])
        #expect(refusals(200, GasMix(oxygenPermille: 401)!) == ["not_oxygen_clean"])
        #expect(refusals(221, GasMix(oxygenPermille: 401)!) == ["over_pressure", "not_oxygen_clean"])
        settings.values[.o2CleanAbove] = "21"
        #expect(refusals(200, GasMix(oxygenPermille: 211)!) == ["not_oxygen_clean"])
    }

    @Test("Only known facts are checked; unknown ones are reported")
    func unknownFacts() throws {
        let logbook = Logbook(path: folder.file("unknown.sqlite"), clock: fixedClock)
        let blank = try cylinder(in: logbook, CylinderChanges())
        let check = FillCheck(
            cylinder: blank, mix: GasMix(oxygenPermille: 500)!, pressure: Pressure(bar: Rational(300)),
            date: date("2026-06-01"), settings: try logbook.settings())
        #expect(check.failures.isEmpty)
        #expect(
            check.unknownFacts == [
                .hydrostaticTest, .visualInspection, .workingPressure,
                .oxygenClean(.richMix(GasMix(oxygenPermille: 500)!, thresholdPermille: 400)),
            ])
    }
}
