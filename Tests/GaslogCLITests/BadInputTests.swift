import Foundation
import Testing

@Suite("Bad input changes nothing")
struct BadInputTests {
    /// Command lines that must exit 64 with one error line, nothing on
    /// stdout and the database unchanged.
    static let usageErrors: [[String]] = [
        ["mod", "--o2", "NaN"], ["mod", "--o2", "inf"], ["mod", "--o2", "1e1"], ["mod", "--o2", ""],
        ["mod", "--o2", "-32"], ["mod", "--o2", "20.9"], ["mod", "--o2", "100.1"], ["mod", "--o2", "32,5"],
        ["mod", "--o2", "32", "--ppo2", "1.61"], ["mod", "--o2", "32", "--ppo2", "0.9"], ["mod", "--o2", "32", "--ppo2", "1.405"],
        ["mod", "--o2", "32", "--unit", "metres"], ["mod"], ["mod", "--o2", "32", "A"], ["mod", "--x"], ["mod", "--o2"],
        ["fill", "A"], ["fill", "--o2", "32"], ["fill", "", "--o2", "32"], ["fill", "   ", "--o2", "32"],
        ["fill", String(repeating: "x", count: 65), "--o2", "32"], ["fill", "a\u{7}b", "--o2", "32"],
        ["fill", "a\nb", "--o2", "32"], ["fill", "A", "--o2", "32", "--at", "2026-02-30"],
        ["fill", "A", "--o2", "32", "--at", "yesterday"], ["fill", "A", "--o2", "32", "--at", "2026-11-29T25:00:00Z"],
        ["fill", "A", "--o2", "32", "--bogus"], ["list", "extra"], ["unit", "furlongs"], ["frobnicate"],
        ["fill", "A", "--o2", "32", "--o2", "36"],
    ]

    @Test("Usage errors exit 64 and write nothing", arguments: usageErrors)
    func usageError(arguments: [String]) {
        let sandbox = Sandbox()
        sandbox.ok("fill", "Existing", "--o2", "32")
        let before = sandbox.dump()
        let result = sandbox.run(arguments)
        #expect(result.status == 64, "\(arguments): \(result)")
        #expect(result.stdout.isEmpty)
        #expect(result.errorLines.count == 1, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("error: "))
        #expect(result.stderr.contains("--help"))
        #expect(sandbox.dump() == before)
    }

    @Test("A value error names the value and the accepted range")
    func valueErrorNamesValueAndRange() {
        let result = Sandbox().gaslog("mod", "--o2", "20.9")
        #expect(result.stderr.contains("'20.9'"))
        #expect(result.stderr.contains("21 to 100"))
        let ppo2 = Sandbox().gaslog("mod", "--o2", "32", "--ppo2", "1.61")
        #expect(ppo2.stderr.contains("'1.61'") && ppo2.stderr.contains("1.0 to 1.6"))
    }

    @Test("An unknown cylinder is a clear data error")
    func unknownCylinder() {
        let sandbox = Sandbox()
        let result = sandbox.gaslog("mod", "Nobody")
        #expect(result.status == 65)
        #expect(result.stderr.contains("unknown cylinder 'Nobody'"))
        #expect(!FileManager.default.fileExists(atPath: sandbox.db))
    }

    @Test("Invalid UTF-8 in an argument is refused")
    func invalidUTF8Argument() {
        let sandbox = Sandbox()
        let result = GaslogProcess.runRaw(
            [Array("fill".utf8), [0x41, 0xFF, 0x42], Array("--o2".utf8), Array("32".utf8)],
            environment: GaslogProcess.environment(home: sandbox.folder, extra: ["GASLOG_DB": sandbox.db]))
        #expect(result.status == 64)
        #expect(result.stderr.contains("UTF-8"))
        #expect(!FileManager.default.fileExists(atPath: sandbox.db))
    }

    @Test("Names that look like SQL are stored verbatim")
    func sqlLookingNames() {
        let sandbox = Sandbox()
        let name = "x'); DROP TABLE fills;--"
        #expect(sandbox.gaslog("fill", name, "--o2", "32").status == 0)
        #expect(sandbox.query("SELECT name FROM cylinders") == name)
        #expect(sandbox.query("SELECT count(*) FROM fills") == "1")
    }

    @Test("Broken database files get a clear message and stay untouched")
    func brokenFiles() throws {
        let sandbox = Sandbox()
        let text = sandbox.write("logbook.sqlite", String(repeating: "hello\n", count: 50))
        let before = try Data(contentsOf: URL(fileURLWithPath: text))
        for arguments in [["fill", "A", "--o2", "32"], ["list"], ["mod", "A"], ["unit", "imperial"]] {
            let result = sandbox.run(arguments)
            #expect(result.status == 74, "\(result)")
            #expect(result.stderr.contains("not a SQLite database"))
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: text)) == before)
    }
}
