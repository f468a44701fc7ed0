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

    /// Every command once through the built binary, on its fixed clock. Each
    /// must exit 0 and say something; where the test can work the answer out
    /// for itself, the answer is that, and what the commands wrote is read
    /// back with the sqlite3 shell.
    @Test("Smoke test: each command runs through the built binary")
    func eachCommandThroughTheBinary() {
        let sandbox = Sandbox()
        let csv = sandbox.write("fills.csv", csvHeader + "\r\n,2026-01-03T00:00:00Z,C,,36,1.4,,,,,,,,,\r\n")
        // The MOD of EAN 32 at ppO₂ 1.4: 10 m of sea water to the bar, to the nearest metre.
        let mod = Int((10 * (1.4 / 0.32 - 1)).rounded())
        // (arguments, the standard output expected, where the test knows it)
        let steps: [([String], String?)] = [
            (["--version"], nil), (["--help"], nil), (["help", "fill"], nil),
            (["mod", "--o2", "32"], "EAN 32 — MOD \(mod) m at ppO₂ 1.4\n"),
            (["fill", "A", "--o2", "32", "--pressure", "50", "--at", "2026-01-01T10:00:00Z"], nil),
            (["fill", "A", "--o2", "36", "--at", "2026-01-02T10:00:00Z"], nil),
            (["void", "2", "--reason", "smoke"], nil),
            (["mod", "A"], "A: EAN 32 — MOD \(mod) m at ppO₂ 1.4 (from fill 1 of 2026-01-01; fill 2 is void)\n"),
            (["list"], nil), (["log"], nil), (["tag", "1"], nil), (["export"], nil), (["import", csv], nil),
            (["export", "--format", "json"], nil), (["blend", "A", "--target", "36", "--to", "200"], nil),
            (["cylinder", "add", "B", "--volume", "12", "--working-pressure", "232"], nil),
            (["cylinder", "edit", "B", "--serial", "S1"], nil), (["cylinder", "list"], nil), (["due"], nil),
            (["cylinder", "rename", "B", "Bravo"], nil), (["cylinder", "retire", "Bravo", "--reason", "smoke"], nil),
            (["cylinder", "reinstate", "Bravo", "--reason", "smoke"], nil), (["cylinder", "show", "Bravo"], nil),
            (["config", "set", "rounding", "down"], nil), (["config", "get", "rounding"], "down\n"), (["config", "list"], nil),
            (["unit", "imperial"], nil), (["unit"], "imperial\n"), (["table", "--from", "30", "--to", "31"], nil),
            (["best-mix", "--depth", "30"], nil), (["ead", "--o2", "32", "--depth", "30"], nil),
            (["ppo2", "--o2", "32", "--depth", "30"], nil), (["end", "--o2", "18/45", "--depth", "60"], nil),
            // serve would run the server; its help is the smoke test here, and the server has tests of its own.
            (["serve", "--help"], nil),
            (["completions", "bash"], nil), (["man"], nil), (["user", "list"], nil), (["token", "list"], nil),
            (["__complete", "cylinders"], "A\nBravo\nC\n"),
            (["price", "set", "oxygen", "0.012", "--effective", "2026-01-01"], nil), (["price", "list"], nil),
            (["charge", "adjust", "1", "--amount=-1.50", "--reason", "smoke"], nil),
            (["payment", "add", "Ann", "--amount", "5", "--at", "2026-01-03T10:00:00Z"], nil),
            (["payment", "void", "1", "--reason", "smoke"], nil), (["bill"], nil),
            (["compressor", "add", "K1", "--filter-hours", "10"], nil), (["compressor", "run", "K1", "--hours", "1.5"], nil),
            (["compressor", "list"], nil), (["compressor", "log", "K1"], nil),
            (["verify"], nil), (["audit"], nil), (["check"], nil),
            (["backup", sandbox.path("copy.sqlite")], nil), (["restore", sandbox.path("copy.sqlite")], nil),
        ]
        let run = Set(steps.map { $0.0[0] })
        for command in CommandTree.root.subcommands {
            #expect(run.contains(command.name), "the smoke test never runs \(command.name)")
        }
        for (arguments, expected) in steps {
            let launched = sandbox.runBinary(arguments)
            #expect(launched.status == 0 && launched.signal == nil && !launched.stdout.isEmpty, "\(arguments): \(launched)")
            if let expected {
                #expect(launched.stdout == expected, "\(arguments): \(launched)")
            }
        }
        #expect(
            sandbox.query("SELECT id, o2_permille, filled_at FROM fills ORDER BY id") == """
                1|320|2026-01-01T10:00:00Z
                2|360|2026-01-02T10:00:00Z
                3|360|2026-01-03T00:00:00Z
                """)
        #expect(sandbox.query("SELECT count(*) FROM voids") == "1")
        #expect(sandbox.query("SELECT name FROM cylinders ORDER BY name") == "A\nBravo\nC")
        #expect(sandbox.query("SELECT count(*) FROM payment_voids") == "1")
        #expect(sandbox.dump() == sandbox.dump(of: sandbox.path("copy.sqlite")))
    }
}
