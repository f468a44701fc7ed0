import Foundation
import Testing

/// A name a cylinder had before a rename keeps meaning that cylinder, with
/// all its checks, unless several cylinders had it.
@Suite("Earlier names keep pointing at their cylinder")
struct EarlierNameTests {
    static let warning = "warning: 'Club 04' is an earlier name of 'Club 04 Yellow'; using that cylinder"

    /// A logbook where "Club 04", in date and oxygen-clean as `oxygenClean`
    /// says, had one fill of EAN 32 to 200 bar before it became "Club 04 Yellow".
    func renamedClub04(oxygenClean: Bool = true) -> Sandbox {
        let sandbox = Sandbox()
        let added = sandbox.gaslog(
            "cylinder", "add", "Club 04", "--working-pressure", "232", "--hydro", "2024-06-01", "--visual", "2026-06-01",
            oxygenClean ? "--o2-clean" : "--no-o2-clean")
        #expect(added.status == 0, "\(added)")
        // Membrane nitrox: no pure oxygen, so a cylinder that is not oxygen-clean takes it (#35).
        let filled = sandbox.gaslog(
            "fill", "Club 04", "--o2", "32", "--pressure", "200", "--top-off", "32", "--at", "2026-11-01T10:00:00Z")
        #expect(filled.status == 0, "\(filled)")
        let renamed = sandbox.gaslog("cylinder", "rename", "Club 04", "Club 04 Yellow")
        #expect(renamed.status == 0, "\(renamed)")
        return sandbox
    }

    @Test("import: rows under the old name, from an export made before the rename, are that cylinder's, duplicates skipped")
    func importByOldName() {
        let before = Sandbox()
        before.ok("fill", "Club 04", "--o2", "32", "--pressure", "200", "--at", "2026-11-01T10:00:00Z")
        before.ok("fill", "Club 04", "--o2", "36", "--pressure", "200", "--at", "2026-11-02T10:00:00Z")
        let export = before.gaslog("export").stdout
        let sandbox = renamedClub04()
        let imported = sandbox.gaslog("import", sandbox.write("before.csv", export))
        #expect(imported.status == 0 && imported.stdout == "imported 1 fill, skipped 1 duplicate\n", "\(imported)")
        #expect(sandbox.query("SELECT count(*) FROM cylinders") == "1")
        #expect(sandbox.query("SELECT count(*) FROM fills") == "2")
    }

    @Test("A refusal by the old name is preceded by the warning that names the cylinder it meant")
    func refusalByOldNameWarns() {
        let sandbox = renamedClub04(oxygenClean: false)
        for arguments in [["fill", "Club 04", "--o2", "50", "--pressure", "200"], ["blend", "Club 04", "--target", "50", "--to", "200"]] {
            let refused = sandbox.run(arguments)
            #expect(refused.status == 65, "\(arguments): \(refused)")
            #expect(refused.stderrLines.first == Substring(Self.warning), "\(arguments): \(refused)")
        }
    }

    @Test("fill, mod, log and blend by the old name use the renamed cylinder, with a warning naming its current name")
    func oldNameFindsTheCylinder() throws {
        let sandbox = renamedClub04()
        let filled = sandbox.gaslog("fill", "Club 04", "--o2", "32", "--pressure", "200", "--at", "2026-11-20T10:00:00Z", "--json")
        #expect(filled.status == 0, "\(filled)")
        // With --json, the warning is in the result only (#35).
        #expect(filled.stderr.isEmpty, "\(filled)")
        let fill = try #require(json(filled) as? [String: Any])
        #expect((fill["warnings"] as? [[String: Any]])?.first?["code"] as? String == "renamed")
        #expect(fill["cylinder"] as? String == "Club 04 Yellow")
        // No cylinder was created under the old name.
        #expect(sandbox.query("SELECT count(*) FROM cylinders") == "1")
        #expect(sandbox.query("SELECT group_concat(DISTINCT cylinder_id) FROM fills") == sandbox.query("SELECT id FROM cylinders"))

        // EAN 32 at ppO₂ 1.4: 10 × (1.4 / 0.32 − 1) = 33.75, 34 m.
        let mod = sandbox.gaslog("mod", "Club 04")
        #expect(mod.status == 0, "\(mod)")
        #expect(mod.stdout.hasPrefix("Club 04 Yellow: EAN 32") && mod.stdout.contains("34 m"), "\(mod)")
        #expect(mod.stderrLines.contains(Substring(Self.warning)), "\(mod)")

        // log OLD lists the fill before the rename and the one after it.
        let log = sandbox.gaslog("log", "Club 04", "--json")
        #expect(log.status == 0 && log.stderr.isEmpty, "\(log)")
        #expect(sandbox.gaslog("log", "Club 04").stderrLines.contains(Substring(Self.warning)))
        let fills = try #require(json(log) as? [[String: Any]])
        #expect(fills.map { ($0["id"] as? NSNumber)?.intValue } == [2, 1])
        #expect(fills.map { $0["cylinder"] as? String } == ["Club 04 Yellow", "Club 04 Yellow"])

        // The plan starts from what the renamed cylinder holds: 200 bar of EAN 32.
        let blend = sandbox.gaslog("blend", "Club 04", "--target", "32", "--to", "232", "--json")
        #expect(blend.status == 0, "\(blend)")
        let plan = try #require(json(blend) as? [String: Any])
        #expect((plan["warnings"] as? [[String: Any]])?.contains { $0["code"] as? String == "renamed" } == true, "\(blend)")
        #expect(plan["cylinder"] as? String == "Club 04 Yellow")
        #expect((plan["from"] as? NSNumber)?.intValue == 200 && (plan["from_o2"] as? NSNumber)?.intValue == 32)

        // Case and accents compare as in every name.
        let lower = sandbox.gaslog("mod", "CLUB 04")
        #expect(lower.status == 0 && lower.stderr.contains("'CLUB 04' is an earlier name of 'Club 04 Yellow'"), "\(lower)")
        // The current name gives no warning.
        let current = sandbox.gaslog("mod", "Club 04 Yellow")
        #expect(current.status == 0 && !current.stderr.contains("earlier name"), "\(current)")
    }

    @Test("log OLD and export --cylinder OLD list every fill of the cylinder, before and after the rename")
    func logByOldName() throws {
        let sandbox = renamedClub04()
        #expect(sandbox.gaslog("fill", "Club 04 Yellow", "--o2", "36", "--pressure", "200", "--at", "2026-11-10T10:00:00Z").status == 0)
        #expect(sandbox.gaslog("fill", "Club 04", "--o2", "30", "--pressure", "200", "--at", "2026-11-20T10:00:00Z").status == 0)
        let log = sandbox.gaslog("log", "--cylinder", "club 04", "--json")
        #expect(log.status == 0, "\(log)")
        let fills = try #require(json(log) as? [[String: Any]])
        #expect(fills.map { $0["label"] as? String } == ["EAN 30", "EAN 36", "EAN 32"])
        let export = sandbox.gaslog("export", "--cylinder", "Club 04")
        #expect(export.status == 0 && export.stderrLines == [Substring(Self.warning)], "\(export)")
        #expect(export.stdout.split(separator: "\r\n").count == 4)
    }

    @Test("By the old name, the renamed cylinder's checks refuse: not oxygen-clean, retired; nothing is written")
    func oldNameKeepsTheChecks() throws {
        let sandbox = renamedClub04(oxygenClean: false)
        let before = sandbox.dump()
        let refused = sandbox.gaslog("fill", "Club 04", "--o2", "50", "--pressure", "200")
        #expect(refused.status == 65, "\(refused)")
        #expect(refused.errorLines.count == 1 && refused.errorLines[0].contains("'Club 04 Yellow' is not oxygen-clean"), "\(refused)")
        #expect(sandbox.query("SELECT count(*) FROM fills") == "1")
        #expect(sandbox.query("SELECT count(*) FROM cylinders") == "1")
        #expect(sandbox.dump() == before)

        // Retired by its old name, it cannot be filled by either name.
        let retired = sandbox.gaslog("cylinder", "retire", "Club 04", "--reason", "failed visual")
        #expect(retired.status == 0 && retired.stderrLines == [Substring(Self.warning)], "\(retired)")
        #expect(retired.stdout.contains("Cylinder:          Club 04 Yellow"))
        let afterRetiring = sandbox.dump()
        for name in ["Club 04", "Club 04 Yellow"] {
            let fill = sandbox.gaslog("fill", name, "--o2", "32", "--pressure", "200")
            #expect(fill.status == 65 && fill.stderr.contains("retired"), "\(fill)")
        }
        #expect(sandbox.dump() == afterRetiring)
    }

    @Test("cylinder show and edit by the old name change the renamed cylinder")
    func showAndEditByOldName() throws {
        let sandbox = renamedClub04(oxygenClean: false)
        let shown = sandbox.gaslog("cylinder", "show", "Club 04")
        #expect(shown.status == 0 && shown.stderrLines == [Substring(Self.warning)], "\(shown)")
        #expect(shown.stdout.hasPrefix("Cylinder:          Club 04 Yellow\n"), "\(shown)")
        let edited = sandbox.gaslog("cylinder", "edit", "Club 04", "--o2-clean")
        #expect(edited.status == 0 && edited.stderrLines == [Substring(Self.warning)], "\(edited)")
        #expect(sandbox.query("SELECT name, o2_clean FROM cylinders") == "Club 04 Yellow|1")
        // Now oxygen-clean, it takes EAN 50 by either name.
        #expect(sandbox.gaslog("fill", "Club 04", "--o2", "50", "--pressure", "200").status == 0)
        #expect(sandbox.query("SELECT count(*) FROM fills") == "2")
    }

    @Test("An earlier name of two cylinders, and the name of none, is refused naming both; the current name wins")
    func ambiguousEarlierName() throws {
        let sandbox = Sandbox()
        for (name, now) in [("A", "Alpha"), ("B", "Bravo")] {
            #expect(sandbox.gaslog("fill", name, "--o2", "32", "--at", "2026-11-01T10:00:00Z").status == 0)
            #expect(sandbox.gaslog("cylinder", "rename", name, "X").status == 0)
            #expect(sandbox.gaslog("cylinder", "rename", "X", now).status == 0)
        }
        let before = sandbox.dump()
        let message = "error: 'X' is an earlier name of 2 cylinders, 'Alpha' and 'Bravo', and no cylinder's name now"
        for arguments in [
            ["fill", "X", "--o2", "32"], ["mod", "X"], ["log", "X"], ["blend", "X", "--target", "32", "--to", "200"],
            ["cylinder", "show", "X"], ["cylinder", "edit", "X", "--serial", "S-1"], ["export", "--cylinder", "X"],
        ] {
            let refused = sandbox.run(arguments)
            #expect(refused.status == 65, "\(arguments): \(refused)")
            #expect(refused.errorLines.count == 1 && refused.errorLines[0].hasPrefix(message), "\(arguments): \(refused)")
            #expect(refused.stdout.isEmpty, "\(arguments): \(refused)")
        }
        let added = sandbox.gaslog("cylinder", "add", "x")
        #expect(added.status == 65, "\(added)")
        #expect(added.errorLines == ["error: 'x' is an earlier name of 'Alpha' and 'Bravo'; choose another name"], "\(added)")
        #expect(sandbox.dump() == before)

        // A cylinder that has the name now is the one it means, without a warning.
        #expect(sandbox.gaslog("cylinder", "rename", "Bravo", "X").status == 0)
        let filled = sandbox.gaslog("fill", "x", "--o2", "36")
        #expect(filled.status == 0 && !filled.stderr.contains("earlier name"), "\(filled)")
        #expect(filled.stdout.hasPrefix("X: EAN 36"), "\(filled)")
        #expect(sandbox.query("SELECT count(*) FROM cylinders") == "2")
    }

    @Test("cylinder add refuses another cylinder's earlier name, naming the cylinder")
    func addRefusesAnEarlierName() throws {
        let sandbox = renamedClub04()
        let before = sandbox.dump()
        for name in ["Club 04", "club 04"] {
            let refused = sandbox.gaslog("cylinder", "add", name, "--serial", "S-9")
            #expect(refused.status == 65, "\(refused)")
            #expect(
                refused.errorLines == ["error: '\(name)' is an earlier name of 'Club 04 Yellow', and still finds it; choose another name"],
                "\(refused)")
        }
        #expect(sandbox.dump() == before)
        // With fill-creates-cylinders no, the old name still fills its cylinder.
        #expect(sandbox.gaslog("config", "set", "fill-creates-cylinders", "no").status == 0)
        let filled = sandbox.gaslog("fill", "Club 04", "--o2", "32")
        #expect(filled.status == 0 && filled.stderrLines.first == Substring(Self.warning), "\(filled)")
    }
}
