import Foundation
import Testing

@testable import GaslogCLI

/// One hostile or broken input, run in this process; one with invalid UTF-8
/// in its arguments through the built binary, whose entry point refuses it.
struct HostileCase: CustomTestStringConvertible, Sendable {
    let name: String
    /// Arguments as raw bytes; `{csv}` stands for the path of ``csv``.
    let arguments: [[UInt8]]
    let csv: [UInt8]?
    let expectedStatus: Int32

    var testDescription: String { name }

    init(_ name: String, _ arguments: [String], _ status: Int32 = 64) {
        self.init(name, raw: arguments.map { Array($0.utf8) }, status: status)
    }

    init(_ name: String, raw arguments: [[UInt8]], csv: [UInt8]? = nil, status: Int32 = 64) {
        self.name = name
        self.arguments = arguments
        self.csv = csv
        expectedStatus = status
    }

    static func importing(_ name: String, _ csv: [UInt8]) -> HostileCase {
        HostileCase(name, raw: [Array("import".utf8), Array("{csv}".utf8)], csv: csv, status: 65)
    }

    static func importing(_ name: String, _ csv: String) -> HostileCase {
        importing(name, Array(csv.utf8))
    }
}

let header = Array((csvHeader + "\r\n").utf8)
let goodRow = ",2026-01-01T00:00:00Z,A,,32,1.4,,,,,,,,,\r\n"

/// The corpus: at least 40 bad inputs, each of which must be refused with one
/// clear message and no change to the database.
let hostileCorpus: [HostileCase] = [
    // Bad numbers.
    HostileCase("NaN", ["mod", "--o2", "NaN"]),
    HostileCase("inf", ["mod", "--o2", "inf"]),
    HostileCase("-inf", ["fill", "A", "--o2", "-inf"]),
    HostileCase("exponent", ["mod", "--o2", "1e1"]),
    HostileCase("capital exponent", ["mod", "--o2", "3.2E1"]),
    HostileCase("locale comma", ["fill", "A", "--o2", "32,5"]),
    HostileCase("huge O2", ["mod", "--o2", "99999999999999999999999999"]),
    HostileCase("negative O2", ["mod", "--o2", "-32"]),
    HostileCase("exponent ppO2", ["mod", "--o2", "32", "--ppo2", "1e0"]),
    HostileCase("negative ppO2", ["fill", "A", "--o2", "32", "--ppo2", "-1.4"]),
    HostileCase("exponent pressure", ["fill", "A", "--o2", "32", "--pressure", "1e3"]),
    HostileCase("comma pressure", ["fill", "A", "--o2", "32", "--pressure", "232,5"]),
    HostileCase("huge pressure", ["fill", "A", "--o2", "32", "--pressure", "99999999999999999999"]),
    HostileCase("negative pressure", ["fill", "A", "--o2", "32", "--pressure", "-1"]),
    HostileCase("huge limit", ["log", "--limit", "99999999999999999999"]),
    HostileCase("huge fill id", ["void", "99999999999999999999999", "--reason", "x"]),
    HostileCase("negative fill id", ["void", "--reason", "x", "--", "-1"]),
    // Empty strings.
    HostileCase("empty O2", ["mod", "--o2", ""]),
    HostileCase("empty cylinder", ["fill", "", "--o2", "32"]),
    HostileCase("blank cylinder", ["fill", " \t ", "--o2", "32"]),
    HostileCase("empty note", ["fill", "A", "--o2", "32", "--note", ""]),
    HostileCase("empty blender", ["fill", "A", "--o2", "32", "--blender", ""]),
    HostileCase("empty reason", ["void", "1", "--reason", ""]),
    HostileCase("empty database path", ["--db", "", "list"]),
    HostileCase("empty import path", ["import", ""]),
    // Names of 65 or more characters.
    HostileCase("65-character cylinder", ["fill", String(repeating: "x", count: 65), "--o2", "32"]),
    HostileCase("65 accented characters", ["fill", String(repeating: "é", count: 65), "--o2", "32"]),
    HostileCase("65-character diver", ["fill", "A", "--o2", "32", "--diver", String(repeating: "d", count: 65)]),
    // Control characters (NUL cannot reach argv; it is in the CSV cases).
    HostileCase("escape sequence", ["fill", "A\u{1B}[2J", "--o2", "32"]),
    HostileCase("tab in name", ["fill", "A\tB", "--o2", "32"]),
    HostileCase("C1 control", ["fill", "A\u{85}B", "--o2", "32"]),
    HostileCase("bell in note", ["fill", "A", "--o2", "32", "--note", "ding\u{7}"]),
    // Invalid UTF-8 in arguments.
    HostileCase("invalid byte", raw: [Array("fill".utf8), [0x41, 0xFF], Array("--o2".utf8), Array("32".utf8)]),
    HostileCase("overlong encoding", raw: [Array("fill".utf8), Array("A".utf8), Array("--o2".utf8), [0x33, 0xC0, 0xB2]]),
    HostileCase(
        "surrogate",
        raw: [
            Array("fill".utf8), Array("A".utf8), Array("--o2".utf8), Array("32".utf8),
            Array("--note".utf8), [0xED, 0xA0, 0x80],
        ]),
    // Unknown options and missing values.
    HostileCase("unknown option", ["mod", "--o2", "32", "--bogus"]),
    HostileCase("unknown short option", ["list", "-x"]),
    HostileCase("missing O2 value", ["fill", "A", "--o2"]),
    HostileCase("missing since value", ["log", "--since"]),
    HostileCase("missing format value", ["export", "--format"]),
    HostileCase("flag with a value", ["mod", "--o2", "32", "--json=1"]),
    HostileCase("unknown command", ["frobnicate"]),
    HostileCase("unknown format", ["export", "--format", "xlsx"]),
    // Dates that do not exist.
    HostileCase("February 30", ["fill", "A", "--o2", "32", "--at", "2026-02-30"]),
    HostileCase("February 29 of a common year", ["fill", "A", "--o2", "32", "--at", "2025-02-29"]),
    HostileCase("April 31", ["fill", "A", "--o2", "32", "--at", "2026-04-31T10:00Z"]),
    HostileCase("hour 24", ["fill", "A", "--o2", "32", "--at", "2026-11-29T24:00:00Z"]),
    HostileCase("month 13", ["log", "--since", "2026-13-01"]),
    // CSV files.
    .importing("empty file", ""),
    .importing("only a BOM", [0xEF, 0xBB, 0xBF]),
    .importing("missing header", goodRow),
    .importing("reordered header", "filled_at,id" + csvHeader.dropFirst(12) + "\r\n" + goodRow),
    .importing("truncated header", "id,filled_at,cylinder\r\n" + goodRow),
    .importing("too few columns", header + Array(",2026-01-01,A,,32\r\n".utf8)),
    .importing("too many columns", header + Array(goodRow.replacingOccurrences(of: "\r\n", with: ",x\r\n").utf8)),
    .importing("unterminated quote", header + Array(",2026-01-01,\"A,,32,1.4,,,,,,,,,\r\n".utf8)),
    .importing("stray quote", header + Array(",2026-01-01,A\"B,,32,1.4,,,,,,,,,\r\n".utf8)),
    .importing("NUL in a field", header + Array(",2026-01-01,A,,32,1.4,,,,,,,,nul".utf8) + [0] + Array(",\r\n".utf8)),
    .importing("invalid UTF-8 in a field", header + Array(",2026-01-01,A".utf8) + [0xC3, 0x28] + Array(",,32,1.4,,,,,,,,,\r\n".utf8)),
    .importing("label disagrees", header + Array("1,2026-01-01T00:00:00Z,A,EAN 36,32,1.4,34,111,,,,,,,\r\n".utf8)),
    .importing("MOD disagrees", header + Array("1,2026-01-01T00:00:00Z,A,EAN 32,32,1.4,57,187,,,,,,,\r\n".utf8)),
    .importing("date that does not exist", header + Array(",2026-02-30,A,,32,1.4,,,,,,,,,\r\n".utf8)),
    .importing("SQL in a number", header + Array(",2026-01-01,A,,32); DROP TABLE fills;--,1.4,,,,,,,,,\r\n".utf8)),
    .importing("good rows then a bad one", header + Array((goodRow + goodRow.replacingOccurrences(of: "32", with: "20")).utf8)),
]

@Suite("Hostile and broken input")
struct HostileInputTests {
    @Test("The corpus has at least 40 cases")
    func corpusSize() {
        #expect(hostileCorpus.count >= 40)
    }

    @Test("Each hostile input is refused with one message and changes nothing", arguments: hostileCorpus)
    func refused(_ hostile: HostileCase) throws {
        let sandbox = Sandbox()
        #expect(sandbox.gaslog("fill", "Existing", "--o2", "32", "--note", "before").status == 0)
        let before = sandbox.dump()
        var arguments = hostile.arguments
        if let csv = hostile.csv {
            let path = sandbox.write("input.csv", bytes: csv)
            arguments = arguments.map { $0 == Array("{csv}".utf8) ? Array(path.utf8) : $0 }
        }
        let strings = arguments.compactMap { String(validating: $0, as: UTF8.self) }
        let result =
            strings.count == arguments.count
            ? sandbox.run(strings)
            : GaslogProcess.runRaw(arguments, environment: sandbox.environment())
        #expect(result.signal == nil, "crashed: \(result)")
        #expect(result.status == hostile.expectedStatus, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(result.errorLines.count == 1, "\(result)")
        #expect(sandbox.dump() == before)
    }

    /// The corpus holds inputs the fuzzers found interesting; a crash input
    /// found later belongs here too. (Ten-minute runs of both targets found none.)
    @Test("Inputs from the fuzzers' corpora stay handled")
    func fuzzRegressions() throws {
        let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Corpus")
        // A corpus that moved would otherwise pass with nothing replayed.
        let argumentCases = try FileManager.default.contentsOfDirectory(atPath: corpus.path + "/FuzzArguments")
        let csvCases = try FileManager.default.contentsOfDirectory(atPath: corpus.path + "/FuzzCSVImport")
        #expect(argumentCases.count >= 10 && csvCases.count >= 10, "the fuzz corpus at \(corpus.path) is missing or nearly empty")
        for name in argumentCases {
            let data = try Data(contentsOf: corpus.appendingPathComponent("FuzzArguments/" + name))
            let arguments = data.split(separator: 0, omittingEmptySubsequences: false).map(Array.init)
            // As the fuzz target does: never import or export files an input
            // names, and keep the logbook in the sandbox (a second --db is refused).
            let strings = arguments.compactMap { String(validating: $0, as: UTF8.self) }
            if strings.count == arguments.count, let invocation = try? CommandLineParser.parse(strings),
                ["import", "export"].contains(invocation.commandPath.first ?? "")
            {
                continue
            }
            let sandbox = Sandbox()
            // In this process, unless an argument is invalid UTF-8: only the
            // entry point sees those.
            let environment = GaslogProcess.environment(home: sandbox.folder)
            let result =
                strings.count == arguments.count
                ? GaslogInProcess.run(strings + ["--db", sandbox.db], environment: environment, now: sandbox.now)
                : GaslogProcess.runRaw(arguments + [Array("--db".utf8), Array(sandbox.db.utf8)], environment: environment)
            #expect(result.signal == nil && result.status != 70, "\(name): \(result)")
        }
        for name in csvCases {
            let sandbox = Sandbox()
            let path = corpus.path + "/FuzzCSVImport/" + name
            let result = sandbox.gaslog("import", path, "--dry-run")
            #expect(result.signal == nil && result.status != 70, "\(name): \(result)")
        }
    }
}
