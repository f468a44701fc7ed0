import Foundation
import Testing

/// A fill's warnings on the command line: a typed value in `--json`'s
/// `warnings`, with its code's keys and words for any front end, and
/// today's `warning:` line, hint included, on standard error.
@Suite("Fill warnings: in --json and as warning: lines")
struct FillWarningTests {
    /// The `warnings` of a command's JSON object.
    static func warnings(_ stdout: String) -> [[String: Any]] {
        let object = (try? JSONSerialization.jsonObject(with: Data(stdout.utf8))) as? [String: Any]
        return object?["warnings"] as? [[String: Any]] ?? []
    }

    @Test("unknown_facts: the facts by key, and the line names the options that record them")
    func unknownFacts() throws {
        let gaslog = InProcess(now: "2026-12-01T12:00:00Z")
        let result = gaslog.gaslog("fill", "Club 1", "--o2", "50", "--json")
        #expect(result.status == .success)
        let warning = try #require(Self.warnings(result.stdout).first)
        #expect(warning["code"] as? String == "unknown_facts")
        #expect(warning["facts"] as? [String] == ["hydro", "visual", "o2_clean"])
        #expect(
            warning["message"] as? String
                == "cylinder 'Club 1': the register does not know its last hydrostatic test, its last visual inspection, "
                + "whether it is oxygen-clean (EAN 50 is above 40% O2); check by hand, and record what you find in the register")
        // With --json the warning is only in the result (#35); without it, a line.
        #expect(result.stderr.isEmpty)
        #expect(
            InProcess(now: "2026-12-01T12:00:00Z").gaslog("fill", "Club 1", "--o2", "50").stderr
                == "warning: cylinder 'Club 1': the register does not know its last hydrostatic test, its last visual inspection, "
                + "whether it is oxygen-clean (EAN 50 is above 40% O2); check by hand, and record what you find with: "
                + "gaslog cylinder edit 'Club 1' --hydro DATE --visual DATE --o2-clean|--no-o2-clean\n")
    }

    @Test("similar_name: the registered names, and the line says how to rename")
    func similarName() throws {
        let gaslog = InProcess(now: "2026-12-01T12:00:00Z")
        gaslog.ok("cylinder", "add", "Club 1", "--hydro", "2026-01-01", "--visual", "2026-06-01", "--working-pressure", "232", "--o2-clean")
        let result = gaslog.gaslog("fill", "Club 01", "--o2", "32", "--json")
        let warning = try #require(Self.warnings(result.stdout).first { $0["code"] as? String == "similar_name" })
        #expect(warning["names"] as? [String] == ["Club 1"])
        #expect(result.stderr.isEmpty)
        let line = gaslog.gaslog("fill", "Club 1x", "--o2", "32").stderr
        #expect(line.contains("warning: new cylinder 'Club 1x' is one edit away from 'Club 1' in the register; "))
        #expect(line.contains("rename this one with: gaslog cylinder rename 'Club 1x' NEW-NAME\n"))
        #expect((warning["message"] as? String)?.contains("gaslog") == false)
    }

    @Test("other_unit: a bare 20 in bar is 290 psi; the line says how to write psi")
    func otherUnit() throws {
        let gaslog = InProcess(now: "2026-12-01T12:00:00Z")
        let result = gaslog.gaslog("fill", "Club 1", "--o2", "32", "--pressure", "20", "--json")
        let warning = try #require(Self.warnings(result.stdout).first)
        // 20 bar ÷ 0.0689476 bar/psi = 290.1 psi.
        #expect(Int((20 / 0.068_947_572_9).rounded()) == 290)
        #expect(warning["code"] as? String == "other_unit")
        #expect(warning["message"] as? String == "20 bar is 290 psi; if you meant 20 psi, give it as 20psi")
        #expect(result.stderr.isEmpty)
        #expect(
            gaslog.gaslog("fill", "Club 1", "--o2", "32", "--pressure", "20").stderr.hasPrefix(
                "warning: 20 bar is 290 psi; if you meant 20 psi, write 20psi\n"))
    }

    @Test("overridden: the rules set aside, by code")
    func overridden() throws {
        let gaslog = InProcess(now: "2026-12-01T12:00:00Z")
        gaslog.ok("cylinder", "add", "Club 1", "--hydro", "2026-01-01", "--visual", "2026-06-01", "--working-pressure", "200", "--o2-clean")
        let result = gaslog.gaslog("fill", "Club 1", "--o2", "32", "--pressure", "230", "--override", "gauge checked", "--json")
        #expect(result.status == .success, "\(result.stderr)")
        let warning = try #require(Self.warnings(result.stdout).first)
        #expect(warning["code"] as? String == "overridden" && warning["rules"] as? [String] == ["over_pressure"])
        #expect(result.stderr.isEmpty)
        let line = gaslog.gaslog("fill", "Club 1", "--o2", "32", "--pressure", "230", "--override", "gauge checked")
        #expect(line.stderr.hasPrefix("warning: recorded despite: fill pressure 230 bar is above the working pressure"))
    }

    @Test("renamed: the cylinder's current name, and no warning is an empty array")
    func renamed() throws {
        let gaslog = InProcess(now: "2026-12-01T12:00:00Z")
        gaslog.ok("cylinder", "add", "Club 1", "--hydro", "2026-01-01", "--visual", "2026-06-01", "--working-pressure", "232", "--o2-clean")
        gaslog.ok("cylinder", "rename", "Club 1", "Club 9")
        let result = gaslog.gaslog("fill", "Club 1", "--o2", "32", "--json")
        let warning = try #require(Self.warnings(result.stdout).first)
        #expect(warning["code"] as? String == "renamed" && warning["cylinder"] as? String == "Club 9")
        #expect(result.stderr.isEmpty)
        // EAN 50 at its MOD, 18 m, is 3.8 g/L: no density warning either.
        #expect(gaslog.gaslog("fill", "Club 1", "--o2", "50").stderr == "warning: 'Club 1' is an earlier name of 'Club 9'; using that cylinder\n")
        let quiet = gaslog.gaslog("fill", "Club 9", "--o2", "50", "--json")
        #expect(quiet.stdout.hasSuffix(#","warnings":[]}"# + "\n") && quiet.stderr.isEmpty, "\(quiet)")
    }
}
