import Foundation
import Testing

/// The register's warnings are typed values: each cylinder object that
/// `cylinder show`, `add`, `edit`, `retire`, `reinstate` and `rename` prints
/// ends in `warnings`, and standard error keeps today's `warning:` lines.
@Suite("Register warnings: in the JSON by code, on standard error in today's words")
struct RegisterWarningTests {
    /// The warnings array of a command's JSON object.
    func warnings(_ result: RunResult) throws -> [[String: Any]] {
        let object = try #require(json(result) as? [String: Any], "\(result)")
        return try #require(object["warnings"] as? [[String: Any]], "\(result)")
    }

    @Test("Each register object ends in \"warnings\":[] when there is nothing to say")
    func emptyWarnings() throws {
        let sandbox = Sandbox()
        for arguments in [
            ["cylinder", "add", "Club 07", "--working-pressure", "232", "--json"], ["cylinder", "show", "Club 07", "--json"],
            ["cylinder", "edit", "Club 07", "--serial", "S-1", "--json"], ["cylinder", "retire", "Club 07", "--reason", "dented", "--json"],
            ["cylinder", "reinstate", "Club 07", "--reason", "repaired", "--json"], ["cylinder", "rename", "Club 07", "Club 7", "--json"],
        ] {
            let result = sandbox.run(arguments)
            #expect(result.status == 0 && result.stderr.isEmpty, "\(arguments): \(result)")
            #expect(result.stdout.hasSuffix(#","warnings":[]}"# + "\n"), "\(arguments): \(result)")
        }
        // Lists are arrays, one element per line, without the key.
        for arguments in [["cylinder", "list", "--json"], ["list", "--json"], ["log", "--json"], ["due", "--json"]] {
            #expect(!sandbox.run(arguments).stdout.contains("warnings"), "\(arguments)")
        }
    }

    @Test("renamed: a cylinder found by an earlier name, naming its current name, in JSON and as today's warning: line")
    func renamed() throws {
        let sandbox = EarlierNameTests().renamedClub04()
        let message = "'Club 04' is an earlier name of 'Club 04 Yellow'; using that cylinder"
        for arguments in [
            ["cylinder", "show", "Club 04", "--json"], ["cylinder", "edit", "Club 04", "--owner", "Club", "--json"],
            ["cylinder", "retire", "Club 04", "--reason", "dented", "--json"],
            ["cylinder", "reinstate", "Club 04", "--reason", "repaired", "--json"],
        ] {
            let result = sandbox.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result)")
            // With --json the warning is in the result only (#35).
            #expect(result.stderr.isEmpty, "\(arguments): \(result)")
            let found = try warnings(result)
            #expect(found.count == 1, "\(arguments): \(found)")
            #expect(found.first?["code"] as? String == "renamed" && found.first?["message"] as? String == message, "\(arguments)")
            #expect(found.first?["cylinder"] as? String == "Club 04 Yellow", "\(arguments)")
            #expect(Set(found.first?.keys.map { $0 } ?? []) == ["code", "message", "cylinder"], "\(arguments)")
        }
        // A rename by the old name names the cylinder's name before it.
        let renamed = sandbox.gaslog("cylinder", "rename", "Club 04", "Club 04 Green", "--json")
        #expect(renamed.status == 0 && renamed.stderr.isEmpty, "\(renamed)")
        #expect(try warnings(renamed).map { $0["cylinder"] as? String } == ["Club 04 Yellow"])
        #expect(sandbox.query("SELECT name FROM cylinders") == "Club 04 Green")
        // The human report has the line on standard error only.
        let shown = sandbox.gaslog("cylinder", "show", "Club 04")
        #expect(shown.stderrLines == ["warning: 'Club 04' is an earlier name of 'Club 04 Green'; using that cylinder"], "\(shown)")
        #expect(!shown.stdout.contains("warning"))
        // The log is an array, with no place for warnings: with --json standard error stays empty (#35);
        // the human log says it.
        let log = sandbox.gaslog("log", "Club 04", "--json")
        #expect(log.status == 0 && log.stderr.isEmpty, "\(log)")
        #expect((json(log) as? [[String: Any]])?.count == 1)
        let humanLog = sandbox.gaslog("log", "Club 04")
        #expect(humanLog.stderrLines == ["warning: 'Club 04' is an earlier name of 'Club 04 Green'; using that cylinder"], "\(humanLog)")
    }

    @Test("retired and tag_deeper: cylinder show warns of what its current gas's line says, and the report stays as it was")
    func retiredAndTagDeeper() throws {
        let sandbox = Sandbox()
        // Labelled EAN 32 from the blender's 32% (34 m, 111 ft) while the diver read 33%.
        #expect(sandbox.importRows([OneDepthTests.leanerNitrox]).status == 0)
        #expect(sandbox.gaslog("cylinder", "retire", "Club 01", "--reason", "dented").status == 0)
        let metres = expectedMOD(o2Permille: 330, ppo2Centibar: 140), feet = expectedMOD(o2Permille: 330, ppo2Centibar: 140, feet: true)
        #expect(metres == 32 && feet == 107)

        let shown = sandbox.gaslog("cylinder", "show", "Club 01", "--json")
        #expect(shown.status == 0 && shown.stderr.isEmpty, "\(shown)")
        let found = try warnings(shown)
        #expect(found.map { $0["code"] as? String } == ["retired", "tag_deeper"], "\(found)")
        #expect(
            found.map { $0["message"] as? String } == [
                "cylinder 'Club 01' is retired", "the tag shows 34 m, the gas allows only \(metres) m; re-tag the cylinder",
            ])
        #expect(found.allSatisfy { Set($0.keys) == ["code", "message"] }, "\(found)")
        let imperial = try warnings(sandbox.gaslog("cylinder", "show", "Club 01", "--json", "--unit", "imperial"))
        #expect(imperial.last?["message"] as? String == "the tag shows 111 ft, the gas allows only \(feet) ft; re-tag the cylinder")

        // The human report says both on its current gas's line, as before, and nothing goes to standard error.
        let text = sandbox.gaslog("cylinder", "show", "Club 01")
        #expect(text.status == 0 && text.stderr.isEmpty, "\(text)")
        #expect(
            text.stdout.contains(
                "Current gas:       EAN 33 — MOD \(metres) m at ppO₂ 1.4 (from fill 1 of 2026-11-01; retired; "
                    + "the tag shows 34 m, the gas allows only \(metres) m; re-tag the cylinder)"), "\(text)")

        // A retired cylinder without a current gas has no gas to warn about.
        #expect(sandbox.gaslog("cylinder", "add", "Spare").status == 0)
        #expect(sandbox.gaslog("cylinder", "retire", "Spare", "--reason", "sold").status == 0)
        #expect(try warnings(sandbox.gaslog("cylinder", "show", "Spare", "--json")).isEmpty)
    }

    @Test("other_unit: a working pressure that reads as the other unit is a warning of cylinder add and edit")
    func otherUnit() throws {
        let sandbox = Sandbox()
        // 30 bar × 14.5038 psi/bar = 435.1 psi.
        let psi = Int((30 * 14.503_773_773).rounded())
        #expect(psi == 435)
        for arguments in [
            ["cylinder", "add", "Low", "--working-pressure", "30", "--json"], ["cylinder", "edit", "Low", "--working-pressure", "30", "--json"],
        ] {
            let result = sandbox.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result)")
            #expect(result.stderr.isEmpty, "\(arguments): \(result)")
            let line = sandbox.run(arguments.filter { $0 != "--json" }.map { $0 == "add" ? "edit" : $0 })
            #expect(line.stderrLines == ["warning: 30 bar is \(psi) psi; if you meant 30 psi, write 30psi"], "\(arguments): \(line)")
            let found = try warnings(result)
            #expect(found.map { $0["code"] as? String } == ["other_unit"])
            #expect(found.first?["message"] as? String == "30 bar is \(psi) psi; if you meant 30 psi, give it as 30psi")
        }
        #expect(sandbox.query("SELECT working_pressure_centibar FROM cylinders") == "3000")
    }

    @Test("log CYLINDER and --cylinder must name the same cylinder")
    func logNamesTheCylinderOnce() {
        let sandbox = Sandbox()
        #expect(sandbox.gaslog("fill", "A", "--o2", "32", "--at", "2026-11-01T10:00:00Z").status == 0)
        let refused = sandbox.gaslog("log", "A", "--cylinder", "B")
        #expect(refused.status == 64 && refused.stdout.isEmpty, "\(refused)")
        #expect(refused.errorLines == ["error: give the cylinder once: 'A' and --cylinder 'B' differ"], "\(refused)")
        let same = sandbox.gaslog("log", "A", "--cylinder", "a", "--json")
        #expect(same.status == 0 && (json(same) as? [Any])?.count == 1, "\(same)")
    }
}
