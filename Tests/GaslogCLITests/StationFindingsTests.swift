import Foundation
import Testing

extension Sandbox {
    /// A compressor `Main`, the default, whose last air test failed for CO2.
    func failedDefaultCompressor() {
        ok("compressor", "add", "Main", "--filter-hours", "50")
        ok("config", "set", "default-compressor", "Main")
        ok("compressor", "test", "Main", "--o2", "21", "--co2", "2000", "--co", "1", "--oil", "0.1", "--water", "25", "--pressure", "200")
    }

    /// The one line a `--json` error writes on standard error, parsed.
    func jsonError(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> (status: Int32, error: [String: Any]) {
        let result = run(arguments)
        #expect(result.stdout.isEmpty, "\(result)", sourceLocation: sourceLocation)
        #expect(result.stderrLines.count == 1, "\(result)", sourceLocation: sourceLocation)
        let object = try #require(
            (try? JSONSerialization.jsonObject(with: Data(result.stderr.utf8))) as? [String: Any], "\(result)", sourceLocation: sourceLocation)
        #expect(object.count == 1, sourceLocation: sourceLocation)
        let error = try #require(object["error"] as? [String: Any], sourceLocation: sourceLocation)
        #expect(Set(error.keys) == ["status", "code", "rules", "message", "field"], sourceLocation: sourceLocation)
        #expect(error["status"] as? Int == Int(result.status), sourceLocation: sourceLocation)
        return (result.status, error)
    }
}

@Suite("A fill that uses no compressor (#35)")
struct NoCompressorTests {
    @Test("Oxygen and heliox never take the default compressor, so its failed test does not refuse them")
    func noNitrogenSkipsDefault() {
        let sandbox = Sandbox()
        sandbox.failedDefaultCompressor()
        sandbox.ok("cylinder", "add", "O2 Bottle", "--o2-clean")
        sandbox.ok("fill", "O2 Bottle", "--o2", "oxygen", "--pressure", "200")
        sandbox.ok("fill", "O2 Bottle", "--o2", "21/79", "--pressure", "200")
        #expect(sandbox.query("SELECT count(*), count(compressor_id) FROM fills") == "2|0")
        // Named, the compressor's checks run.
        let named = sandbox.run(["fill", "O2 Bottle", "--o2", "oxygen", "--compressor", "Main"])
        #expect(named.status == 65 && named.stderr.contains("failed its test"), "\(named)")
    }

    @Test("--compressor none with nitrogen while a default is set is compressor_required; the override records it with no compressor")
    func noneWithNitrogen() throws {
        let sandbox = Sandbox()
        sandbox.failedDefaultCompressor()
        for word in ["none", "NONE", "None"] {
            let refused = try sandbox.jsonError(["fill", "Club 07", "--o2", "32", "--compressor", word, "--json"])
            #expect(refused.status == 65)
            #expect(refused.error["rules"] as? [String] == ["compressor_required"])
        }
        #expect(sandbox.query("SELECT count(*) FROM fills") == "0")
        sandbox.ok("fill", "Club 07", "--o2", "32", "--compressor", "none", "--override", "air from the bought bank")
        #expect(sandbox.query("SELECT compressor_id IS NULL, override_reason FROM fills") == "1|air from the bought bank")
        let export = sandbox.ok("export").stdout.split(separator: "\r\n")
        #expect(export.count == 2 && export[1].hasSuffix(","), "the compressor column, last, is empty")
    }

    @Test("With no default set, none is what a fill without --compressor means")
    func noneWithoutDefault() {
        let sandbox = Sandbox()
        sandbox.ok("compressor", "add", "Main")
        sandbox.ok("fill", "Club 07", "--o2", "32", "--compressor", "none")
        #expect(sandbox.query("SELECT count(*), count(compressor_id) FROM fills") == "1|0")
    }

    @Test("A compressor is not added under the name none, in any case (64), and nothing is written")
    func noCompressorNamedNone() {
        let sandbox = Sandbox()
        for name in ["none", "NONE", " None "] {
            let result = sandbox.run(["compressor", "add", name])
            #expect(result.status == 64, "\(result)")
        }
        #expect(sandbox.query("SELECT count(*) FROM compressors") == "0")
    }
}

@Suite("The station's smaller findings on the command line (#35)")
struct StationFindingsTests {
    @Test("charge adjust of a void fill is refused: 65, fill_void, and the balance is unchanged")
    func adjustVoidFill() throws {
        let sandbox = Sandbox()
        sandbox.ok("price", "set", "fill-fee", "2.50", "--effective", "2026-01-01")
        sandbox.ok("fill", "Club 07", "--o2", "32", "--diver", "Ann", "--at", "2026-11-01T10:00:00Z")
        sandbox.ok("void", "1", "--reason", "wrong cylinder")
        let refused = try sandbox.jsonError(["charge", "adjust", "1", "--amount", "1", "--reason", "goodwill", "--json"])
        #expect(refused.status == 65)
        #expect(refused.error["code"] as? String == "fill_void")
        #expect(refused.error["message"] as? String == "fill 1 is void; its charge is cancelled")
        #expect(sandbox.query("SELECT count(*) FROM adjustments") == "0")
        let text = sandbox.run(["charge", "adjust", "1", "--amount", "1", "--reason", "goodwill"])
        #expect(text.status == 65 && text.stderr == "error: fill 1 is void; its charge is cancelled\n", "\(text)")
    }

    @Test("With --json an error is one JSON line: a refusal with its rules, bad input with its field, a usage error without usage")
    func jsonErrors() throws {
        let sandbox = Sandbox()
        sandbox.ok("cylinder", "add", "Old 1", "--hydro", "2010-01-01")
        let refused = try sandbox.jsonError(["fill", "Old 1", "--o2", "32", "--json"])
        #expect(refused.status == 65 && refused.error["code"] as? String == "refused")
        #expect(refused.error["rules"] as? [String] == ["hydro_expired"])
        #expect((refused.error["message"] as? String)?.hasPrefix("fill refused: the hydrostatic test of cylinder 'Old 1'") == true)
        #expect(refused.error["field"] is NSNull)

        let bad = try sandbox.jsonError(["fill", "Club 07", "--o2", "17", "--json"])
        #expect(bad.status == 64 && bad.error["code"] as? String == "bad_input" && bad.error["field"] as? String == "o2")

        let usage = try sandbox.jsonError(["fill", "Club 07", "--o2", "32", "--no-such-option", "--json"])
        #expect(usage.status == 64 && usage.error["code"] as? String == "bad_input")
        #expect(usage.error["message"] as? String == "unknown option '--no-such-option'")

        let unknown = try sandbox.jsonError(["mod", "Nobody", "--json"])
        #expect(unknown.status == 65 && unknown.error["code"] as? String == "not_found")
        #expect(sandbox.query("SELECT count(*) FROM fills") == "0")
    }

    @Test("With --json warnings are only in the result; without it they stay on standard error")
    func warningsOnlyInJSON() throws {
        let sandbox = Sandbox()
        let quiet = sandbox.ok("fill", "Club 07", "--o2", "32", "--json")
        #expect(quiet.stderr.isEmpty, "\(quiet)")
        let warnings = try #require((json(quiet) as? [String: Any])?["warnings"] as? [[String: Any]])
        #expect(warnings.contains { $0["code"] as? String == "density" })
        let spoken = sandbox.ok("fill", "Club 08", "--o2", "32")
        #expect(spoken.stderr.contains("warning: gas density"), "\(spoken)")
    }
}
