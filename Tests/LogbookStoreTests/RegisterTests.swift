import Foundation
import NitroxCalculator
import Testing

@testable import LogbookStore

@Suite("Cylinder register")
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

    @Test("Volumes in litres or cubic feet at working pressure")
    func volumes() throws {
        let logbook = Logbook(path: folder.file("volume.sqlite"), clock: fixedClock)
        let al80 = try logbook.addCylinder(
            CylinderName(parsing: "AL80"),
            CylinderChanges(
                volume: try CylinderVolume.parse("77.4cuft", preferred: .metric),
                workingPressure: try Pressure(parsing: "3000psi", preferred: .metric)), actor: nil)
        // 77.4 ft³ × 28.316846592 L/ft³ / 206.84 bar = 10.596 L of water.
        #expect(al80.volume?.centilitres == 1060)
        #expect(al80.volume?.displayText(in: .imperial, workingPressure: al80.workingPressure) == "77.4 ft³")
        #expect(al80.volume?.displayText(in: .metric, workingPressure: al80.workingPressure) == "10.6 L")
        #expect(throws: LogbookError.self) {
            try logbook.addCylinder(CylinderName(parsing: "No WP"), CylinderChanges(volume: .cubicFeet(Rational(80))), actor: nil)
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
        try logbook.editCylinder(CylinderName(parsing: "Club 07"), CylinderChanges(serial: "X1"), actor: nil)
        #expect(try logbook.currentGas(of: CylinderName(parsing: "Club 07")).fill!.label == "EAN 36")
    }
}
