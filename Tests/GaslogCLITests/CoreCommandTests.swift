import Foundation
import GaslogCLI
import NitroxCalculator
import Testing

/// The exact MOD by integer arithmetic alone, independent of the calculator:
/// depth = perBar·(10P − T)/T for O2 T‰ and ppO2 P cbar, ties rounding down.
func expectedDepth(o2Permille t: Int, ppo2Centibar p: Int, perBar: Int) -> Int {
    let numerator = perBar * (10 * p - t)
    return (2 * numerator + t - 1) / (2 * t)
}

@Suite("Core commands")
struct CoreCommandTests {
    @Test("mod --o2 prints the tutorial's sentence")
    func modSentence() {
        let sandbox = Sandbox()
        let result = sandbox.gaslog("mod", "--o2", "32")
        #expect(result.status == 0)
        #expect(result.stdout == "EAN 32 — MOD 34 m at ppO₂ 1.4\n")
        // (1.429 × 0.32 + 1.251 × 0.68) × 4.4 = 5.755 g/L at 34 m, above 5.2: the density rule speaks for nitrox too (#35).
        #expect(result.stderr == "warning: gas density 5.8 g/L (EAN 32 at 34 m) exceeds the recommended limit of 5.2 g/L\n")
        #expect(sandbox.gaslog("mod", "--o2", "EAN40", "--unit", "imperial").stdout == "EAN 40 — MOD 82 ft at ppO₂ 1.4\n")
        #expect(sandbox.gaslog("mod", "--o2", "oxygen", "--ppo2", "1.5", "--unit", "imperial").stdout == "Oxygen — MOD 16 ft at ppO₂ 1.5\n")
        #expect(sandbox.gaslog("mod", "--o2", "air").stdout == "Air — MOD 57 m at ppO₂ 1.4\n")
        // A pure calculation never creates a database.
        #expect(!FileManager.default.fileExists(atPath: sandbox.db))
    }

    @Test("mod --json over a sample of the grid matches an exact oracle")
    func modGrid() throws {
        let sandbox = Sandbox()
        var generator = SystemRandomNumberGenerator()
        var cases: [(Int, Int)] = []
        for t in stride(from: 210, through: 1000, by: 10) {
            for p in [100, 140, 150, 160] { cases.append((t, p)) }
        }
        for _ in 0..<150 {
            cases.append((Int.random(in: 210...1000, using: &generator), Int.random(in: 100...160, using: &generator)))
        }
        for (t, p) in cases {
            let o2 = Rational(t, 10).decimalString(maximumFractionDigits: 1)
            let ppo2 = Rational(p, 100).decimalString(maximumFractionDigits: 2)
            for (unit, perBar) in [("metric", 10), ("imperial", 33)] {
                let result = sandbox.gaslog("mod", "--o2", o2, "--ppo2", ppo2, "--unit", unit, "--json")
                let object = try #require(json(result) as? [String: Any], "\(result)")
                #expect(
                    object["mod"] as? Int == expectedDepth(o2Permille: t, ppo2Centibar: p, perBar: perBar),
                    "O2 \(o2) ppO2 \(ppo2) \(unit)")
                #expect(Set(object.keys) == ["label", "o2", "ppo2", "mod", "min_depth", "end", "density", "unit", "warnings"])
                #expect(object["unit"] as? String == unit)
                #expect((object["o2"] as? NSNumber)?.stringValue == o2)
                #expect((object["ppo2"] as? NSNumber)?.stringValue == ppo2)
            }
        }
    }

    @Test("fill stores the calculator's MOD and mod CYLINDER reads it back")
    func fillThenMod() throws {
        let sandbox = Sandbox()
        let filled = sandbox.gaslog("fill", "Club 07", "--o2", "32", "--at", "2025-11-29T19:00:00Z")
        #expect(filled.status == 0, "\(filled)")
        #expect(filled.stdout.hasPrefix("Club 07: EAN 32 — MOD 34 m at ppO₂ 1.4"))
        #expect(sandbox.query("SELECT mod_m, mod_ft, label, filled_at FROM fills") == "34|111|EAN 32|2025-11-29T19:00:00Z")

        #expect(sandbox.gaslog("mod", "club 07").stdout == "Club 07: EAN 32 — MOD 34 m at ppO₂ 1.4 (from fill 1 of 2025-11-29)\n")
        let recomputed = try #require(json(sandbox.gaslog("mod", "CLUB 07", "--ppo2", "1.6", "--json")) as? [String: Any])
        #expect(recomputed["mod"] as? Int == 40)
        #expect(recomputed["cylinder"] as? String == "Club 07")
        #expect(
            Set(recomputed.keys) == [
                "cylinder", "label", "o2", "diver_o2", "label_o2", "ppo2", "mod", "tag_mod", "unit",
                "fill_id", "filled_at", "retired", "void_fill_ids", "future_fill_ids", "min_depth", "end", "density", "warnings",
            ])
        #expect(recomputed["fill_id"] as? Int == 1 && recomputed["tag_mod"] as? Int == 34)

        let record = try #require(
            json(
                sandbox.gaslog(
                    "fill", "Club 07", "--o2", "EAN 36", "--ppo2", "1.6", "--at", "2025-11-30T08:00Z",
                    "--json")) as? [String: Any])
        for key in ["id", "cylinder", "filled_at", "label", "o2", "ppo2", "mod_m", "mod_ft"] {
            #expect(record[key] != nil, "fill --json lacks \(key)")
        }
        #expect(record["mod_m"] as? Int == 34)
        #expect(record["mod_ft"] as? Int == 114)
        #expect(record["label"] as? String == "EAN 36")
        // The newest fill is the current gas.
        #expect(
            sandbox.gaslog("mod", "Club 07", "--unit", "imperial").stdout
                == "Club 07: EAN 36 — MOD 114 ft at ppO₂ 1.6 (from fill 2 of 2025-11-30)\n")
    }

    @Test("The latest fill by time is the current gas, even when recorded earlier")
    func currentGasIsLatestFill() {
        let sandbox = Sandbox()
        sandbox.ok("fill", "A", "--o2", "36", "--at", "2025-11-29T12:00:00Z")
        sandbox.ok("fill", "A", "--o2", "32", "--at", "2025-11-28")
        #expect(sandbox.gaslog("mod", "A").stdout.contains("EAN 36"))
    }

    @Test("list shows each cylinder's current gas")
    func list() throws {
        let sandbox = Sandbox()
        #expect(sandbox.gaslog("list", "--json").stdout == "[]\n")
        sandbox.ok("fill", "Bravo", "--o2", "50", "--ppo2", "1.6", "--at", "2025-11-01")
        sandbox.ok("fill", "alpha", "--o2", "32", "--at", "2025-11-02T10:30:00Z")
        let rows = try #require(json(sandbox.gaslog("list", "--json", "--unit", "imperial")) as? [[String: Any]])
        #expect(rows.count == 2)
        #expect(rows[0]["cylinder"] as? String == "alpha")
        #expect(rows[0]["mod"] as? Int == 111)
        #expect(rows[0]["filled_at"] as? String == "2025-11-02T10:30:00Z")
        #expect(rows[1]["label"] as? String == "EAN 50")
        #expect(rows[1]["mod"] as? Int == 73)
        #expect(
            Set(rows[0].keys) == [
                "cylinder", "label", "o2", "diver_o2", "label_o2", "ppo2", "mod", "tag_mod", "unit",
                "fill_id", "filled_at", "retired", "void_fill_ids", "future_fill_ids",
            ])
        #expect(rows[0]["fill_id"] as? Int == 2 && rows[1]["fill_id"] as? Int == 1)
        let text = sandbox.gaslog("list").stdout
        #expect(text.contains("alpha") && text.contains("34 m") && text.contains("EAN 50"))
    }

    @Test("The unit preference survives between runs and --unit overrides it")
    func unitPreference() {
        let sandbox = Sandbox()
        #expect(sandbox.gaslog("unit").stdout == "metric\n")
        #expect(!FileManager.default.fileExists(atPath: sandbox.db))
        #expect(sandbox.gaslog("unit", "imperial").status == 0)
        #expect(sandbox.gaslog("unit").stdout == "imperial\n")
        #expect(sandbox.gaslog("mod", "--o2", "32").stdout == "EAN 32 — MOD 111 ft at ppO₂ 1.4\n")
        #expect(sandbox.gaslog("mod", "--o2", "32", "--unit", "metric").stdout == "EAN 32 — MOD 34 m at ppO₂ 1.4\n")
        #expect(sandbox.gaslog("unit", "furlongs").status == 64)
        #expect(sandbox.gaslog("unit").stdout == "imperial\n")
    }

    @Test("Database location: --db, then GASLOG_DB, then XDG_DATA_HOME, then HOME")
    func databaseLocation() {
        let sandbox = Sandbox()
        let home = sandbox.path("home")
        func run(_ extra: [String: String], _ arguments: [String]) -> RunResult {
            GaslogInProcess.run(arguments, environment: GaslogProcess.environment(home: home, extra: extra), now: sandbox.now)
        }
        #expect(run([:], ["unit", "imperial"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: home + "/.local/share/gaslog/gaslog.sqlite"))
        #expect(run(["XDG_DATA_HOME": sandbox.path("xdg")], ["unit", "imperial"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: sandbox.path("xdg/gaslog/gaslog.sqlite")))
        #expect(run(["GASLOG_DB": sandbox.path("env.sqlite"), "XDG_DATA_HOME": sandbox.path("xdg")], ["unit", "imperial"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: sandbox.path("env.sqlite")))
        #expect(run(["GASLOG_DB": sandbox.path("env.sqlite")], ["--db", sandbox.path("flag.sqlite"), "unit", "imperial"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: sandbox.path("flag.sqlite")))
    }

    @Test("Help, version and argument conventions")
    func conventions() {
        let sandbox = Sandbox()
        for arguments in [["--help"], ["help"], ["-h"], ["mod", "--help"], ["help", "fill"], ["fill", "-h"]] {
            let result = sandbox.run(arguments)
            #expect(result.status == 0)
            #expect(result.stdout.hasPrefix("OVERVIEW:"))
            #expect(result.stdout.contains("USAGE: gaslog"))
        }
        #expect(sandbox.gaslog("--version").stdout.hasPrefix("gaslog "))
        #expect(sandbox.gaslog("fill", "--o2", "32", "--", "-2+3").status == 0)
        #expect(sandbox.gaslog("mod", "--", "-2+3").stdout.hasPrefix("-2+3: EAN 32"))
        #expect(sandbox.gaslog("fill", "--o2=36", "x", "--note=-x").status == 0)
        #expect(sandbox.query("SELECT note FROM fills WHERE o2_permille = 360") == "-x")
    }

    @Test("A copied binary works without the source tree")
    func copiedBinaryWorks() throws {
        let sandbox = Sandbox()
        let copy = sandbox.path("gaslog")
        try FileManager.default.copyItem(atPath: GaslogProcess.binary, toPath: copy)
        let environment = GaslogProcess.environment(home: sandbox.folder, extra: ["GASLOG_DB": sandbox.db])
        let filled = GaslogProcess.run(["fill", "Club 07", "--o2", "32", "--at", "2026-01-02"], environment: environment, executable: copy)
        #expect(filled.status == 0, "\(filled)")
        #expect(
            GaslogProcess.run(["mod", "Club 07"], environment: environment, executable: copy).stdout
                == "Club 07: EAN 32 — MOD 34 m at ppO₂ 1.4 (from fill 1 of 2026-01-02)\n")
    }

    /// Every command once through the built binary and once in this process,
    /// each against a logbook of its own. Where nothing depends on the clock
    /// (the binary reads the real one, this process a fixed one), the two say
    /// the same bytes and exit the same way.
    @Test("Smoke test: each command runs through the built binary as it runs in this process")
    func eachCommandThroughTheBinary() {
        let binary = Sandbox(), inProcess = Sandbox()
        let csv = binary.write("fills.csv", csvHeader + "\r\n,2026-01-03T00:00:00Z,C,,36,1.4,,,,,,,,,\r\n")
        // (arguments, whether the output depends on the clock)
        let steps: [([String], Bool)] = [
            (["--version"], false), (["--help"], false), (["help", "fill"], false), (["mod", "--o2", "32"], false),
            (["fill", "A", "--o2", "32", "--pressure", "50", "--at", "2026-01-01T10:00:00Z"], false),
            (["fill", "A", "--o2", "36", "--at", "2026-01-02T10:00:00Z"], false),
            (["void", "2", "--reason", "smoke"], false), (["mod", "A"], false), (["list"], false), (["log"], false),
            (["tag", "1"], false), (["export"], false), (["import", csv], false), (["export", "--format", "json"], false),
            (["blend", "A", "--target", "36", "--to", "200"], false),
            (["cylinder", "add", "B", "--volume", "12", "--working-pressure", "232"], false),
            (["cylinder", "edit", "B", "--serial", "S1"], false), (["cylinder", "list"], false), (["due"], false),
            // These print the day of the event, or its time.
            (["cylinder", "rename", "B", "Bravo"], true), (["cylinder", "retire", "Bravo", "--reason", "smoke"], true),
            (["cylinder", "reinstate", "Bravo", "--reason", "smoke"], true), (["cylinder", "show", "Bravo"], true),
            (["config", "set", "rounding", "down"], false), (["config", "get", "rounding"], false), (["config", "list"], false),
            (["unit", "imperial"], false), (["unit"], false), (["table", "--from", "30", "--to", "31"], false),
            (["best-mix", "--depth", "30"], false), (["ead", "--o2", "32", "--depth", "30"], false),
            (["ppo2", "--o2", "32", "--depth", "30"], false), (["end", "--o2", "18/45", "--depth", "60"], false),
            // serve would run the server; its help is the smoke test here, and the server has tests of its own.
            (["serve", "--help"], false),
            (["completions", "bash"], false), (["man"], false), (["user", "list"], false), (["token", "list"], false),
            (["__complete", "cylinders"], false),
            (["price", "set", "oxygen", "0.012", "--effective", "2026-01-01"], false), (["price", "list"], false),
            (["charge", "adjust", "1", "--amount=-1.50", "--reason", "smoke"], false),
            (["payment", "add", "Ann", "--amount", "5", "--at", "2026-01-03T10:00:00Z"], false),
            // The statement lists the adjustment at the time it was made.
            (["payment", "void", "1", "--reason", "smoke"], false), (["bill"], true),
            // A compressor's register and log show the times of its changes.
            (["compressor", "add", "K1", "--filter-hours", "10"], true), (["compressor", "run", "K1", "--hours", "1.5"], true),
            (["compressor", "list"], false), (["compressor", "log", "K1"], true),
            // Every entry carries its time, and so does every hash.
            (["verify"], true), (["audit"], true), (["check"], true),
        ]
        // backup and restore name their files, which lie in each sandbox's own folder: they run below.
        let run = Set(steps.map { $0.0[0] } + ["backup", "restore"])
        for command in CommandTree.root.subcommands {
            #expect(run.contains(command.name), "the smoke test never runs \(command.name)")
        }
        for (arguments, dependsOnTheClock) in steps {
            let launched = binary.runBinary(arguments)
            #expect(launched.status == 0 && launched.signal == nil && !launched.stdout.isEmpty, "\(arguments): \(launched)")
            let here = inProcess.run(arguments)
            #expect(here.status == launched.status, "\(arguments): \(here)")
            if !dependsOnTheClock {
                #expect(here.stdoutBytes == launched.stdoutBytes, "\(arguments): \(here)\nthrough the binary: \(launched)")
                #expect(here.stderr == launched.stderr, "\(arguments): \(here)\nthrough the binary: \(launched)")
            }
        }
        for arguments in [["backup", "copy.sqlite"], ["restore", "copy.sqlite"]] {
            let launched = binary.runBinary([arguments[0], binary.path(arguments[1])])
            #expect(launched.status == 0 && launched.signal == nil && !launched.stdout.isEmpty, "\(arguments): \(launched)")
            let here = inProcess.run([arguments[0], inProcess.path(arguments[1])])
            #expect(here.status == launched.status, "\(arguments): \(here)")
        }
    }
}
