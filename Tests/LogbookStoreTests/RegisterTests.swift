import Foundation
import NitroxCalculator
import Testing

@testable import LogbookStore

@Suite("Cylinder register and fill-station checks")
struct RegisterTests {
    let folder = TemporaryFolder()

    func date(_ text: String) -> CivilDate { try! CivilDate(parsing: text) }

    @Test(
        "Adding months clamps to the month's end, never later",
        arguments: [
            ("2024-02-29", 12, "2025-02-28"), ("2024-02-29", 60, "2029-02-28"), ("2024-02-29", 48, "2028-02-29"),
            ("2023-01-31", 1, "2023-02-28"), ("2024-01-31", 1, "2024-02-29"), ("2026-03-15", 12, "2027-03-15"),
            ("2026-12-31", 2, "2027-02-28"), ("2026-11-30", 3, "2027-02-28"),
        ])
    func addingMonths(start: String, months: Int, expected: String) {
        #expect(date(start).adding(months: months) == date(expected))
    }

    func cylinder(in logbook: Logbook, _ changes: CylinderChanges, named name: String = "T") throws -> Cylinder {
        try logbook.addCylinder(CylinderName(parsing: name), changes, by: nil)
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
        try logbook.set(.visualIntervalMonths, to: "120", by: nil)
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

    @Test("Volumes in litres or cubic feet at working pressure")
    func volumes() throws {
        let logbook = Logbook(path: folder.file("volume.sqlite"), clock: fixedClock)
        let al80 = try logbook.addCylinder(
            CylinderName(parsing: "AL80"),
            CylinderChanges(
                volume: try CylinderVolume.parse("77.4cuft", preferred: .metric),
                workingPressure: try Pressure(parsing: "3000psi", preferred: .metric)), by: nil)
        // 77.4 ft³ × 28.316846592 L/ft³ / 206.84 bar = 10.596 L of water.
        #expect(al80.volume?.centilitres == 1060)
        #expect(al80.volume?.displayText(in: .imperial, workingPressure: al80.workingPressure) == "77.4 ft³")
        #expect(al80.volume?.displayText(in: .metric, workingPressure: al80.workingPressure) == "10.6 L")
        #expect(throws: LogbookError.self) {
            try logbook.addCylinder(CylinderName(parsing: "No WP"), CylinderChanges(volume: .cubicFeet(Rational(80))), by: nil)
        }
        #expect(try CylinderVolume.parse("12", preferred: .metric) == .litres(Rational(12)))
        #expect(try CylinderVolume.parse("80", preferred: .imperial) == .cubicFeet(Rational(80)))
        #expect(try CylinderVolume.parse("12 L", preferred: .imperial) == .litres(Rational(12)))
        for bad in ["", "0", "-12", "1e1", "12,5", "12 gallons", "1001"] {
            #expect(throws: CalculatorInputError.self, "\(bad)") { try CylinderVolume.parse(bad, preferred: .metric) }
        }
    }

    @Test("A database made by schema 1 upgrades in place with its fills intact")
    func upgradeFromSchemaOne() throws {
        let path = folder.file("old.sqlite")
        do {
            let database = try Database(path: path, mode: .readWriteCreate)
            try database.execute(script: "PRAGMA journal_mode = WAL")
            try Migrator.migrate(database, migrations: Array(Migration.all.prefix(1)))
            try database.execute(
                script: """
                    INSERT INTO cylinders (name, name_key, created_at) VALUES ('Club 07', 'club 07', '2025-01-01T00:00:00Z');
                    INSERT INTO fills (cylinder_id, filled_at, o2_permille, ppo2_centibar, label, mod_m, mod_ft, pressure_centibar,
                                       blender, note, recorded_at)
                    VALUES (1, '2025-01-01T10:00:00Z', 320, 140, 'EAN 32', 34, 111, 23200, 'Ann', 'old fill', '2025-01-01T10:00:00Z');
                    INSERT INTO voids (fill_id, reason, voided_at) VALUES (1, 'test', '2025-01-02T00:00:00Z');
                    INSERT INTO fills (cylinder_id, filled_at, o2_permille, ppo2_centibar, label, mod_m, mod_ft, recorded_at)
                    VALUES (1, '2025-01-03T10:00:00Z', 360, 140, 'EAN 36', 29, 95, '2025-01-03T10:00:00Z');
                    INSERT INTO settings (key, value) VALUES ('unit', 'imperial');
                    """)
            #expect(try database.integerPragma("user_version") == 1)
        }
        let logbook = Logbook(path: path)
        let history = try logbook.history(FillQuery())
        #expect(history.map(\.id) == [2, 1])
        #expect(history[1].note == "old fill" && history[1].voidReason == "test" && history[1].overrideReason == nil)
        #expect(try logbook.unitPreference() == .imperial)
        #expect(try rows("PRAGMA user_version", in: path) == [[String(Migration.latestVersion)]])
        let club = try logbook.cylinder(CylinderName(parsing: "club 07"))
        #expect(club.hydroDate == nil && !club.isRetired)
        try logbook.editCylinder(CylinderName(parsing: "Club 07"), CylinderChanges(serial: "X1"), by: nil)
        #expect(try logbook.currentGas(of: CylinderName(parsing: "Club 07")).fill!.label == "EAN 36")
    }
}
