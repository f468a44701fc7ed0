import Foundation
import Testing

/// Issue 14 through the command line: helium in fills, labels, depths, the
/// export and import, and blend plans.
@Suite("Trimix and heliox: fills, depths, limits, export and blends")
struct HeliumCommandTests {
    let sandbox = Sandbox()

    @Test("Every spelling of a helium mix, and helium given twice or without O2")
    func spellings() throws {
        for spelling in ["18/45", "Tx 18/45", "tx18/45", "TMX 18/45", "Trimix 18/45", "trimix 18/45"] {
            let result = sandbox.gaslog("mod", "--o2", spelling, "--json")
            #expect((json(result) as? [String: Any])?["label"] as? String == "Tx 18/45", "\(spelling): \(result)")
        }
        #expect((json(sandbox.gaslog("mod", "--o2", "18", "--he", "45", "--json")) as? [String: Any])?["label"] as? String == "Tx 18/45")
        #expect((json(sandbox.gaslog("mod", "--o2", "HELIOX 21/79", "--json")) as? [String: Any])?["label"] as? String == "Heliox 21/79")
        #expect((json(sandbox.gaslog("mod", "--o2", "18.5/45", "--json")) as? [String: Any])?["label"] as? String == "Tx 18.5/45")
        #expect((json(sandbox.gaslog("mod", "--o2", "18.0/45.0", "--json")) as? [String: Any])?["label"] as? String == "Tx 18/45")
        for bad in [
            ["mod", "--o2", "18/45", "--he", "40"], ["mod", "--o2", "18"], ["mod", "--o2", "4.9/50"], ["mod", "--o2", "10/91"],
            ["mod", "--he", "45"], ["fill", "X", "--o2", "18/45", "--diver-o2", "18/44", "--diver-he", "44"],
            ["mod", "--o2", "21/0.5"], ["mod", "--o2", "Tx 18"],
            // A name must say what the numbers say.
            ["mod", "--o2", "Heliox 18/45"], ["mod", "--o2", "EAN 32/10"], ["mod", "--o2", "Nitrox 32/10"],
        ] {
            let result = sandbox.run(bad)
            #expect(result.status == 64 && result.errorLines.count == 1, "\(bad): \(result)")
        }
        #expect(sandbox.dump() == "<no database>")
    }

    @Test("mod and end: END and density at the MOD shown, the minimum depth of a hypoxic mix, and the density warnings")
    func depthsAndLimits() throws {
        // Tx 18/45: MOD 68 m at 1.4; END (78)(0.55) − 10 = 32.9 → 33 m; density 0.80046 × 7.8 = 6.24 → 6.3 g/L.
        let mod = sandbox.gaslog("mod", "--o2", "18/45")
        #expect(mod.stdout == "Tx 18/45 — MOD 68 m at ppO₂ 1.4, END 33 m, density 6.3 g/L\n", "\(mod)")
        #expect(mod.stderr == "warning: gas density 6.3 g/L (Tx 18/45 at 68 m) exceeds the maximum of 6.2 g/L\n")
        // Tx 10/70: minimum depth (0.18 / 0.10 − 1) × 10 = 8 m; in feet 26.4 → 27.
        let hypoxic = try #require(json(sandbox.gaslog("mod", "--o2", "10/70", "--json")) as? [String: Any])
        #expect(hypoxic["min_depth"] as? Int == 8)
        let feet = try #require(json(sandbox.gaslog("mod", "--o2", "10/70", "--unit", "imperial", "--json")) as? [String: Any])
        #expect(feet["min_depth"] as? Int == 27)
        #expect(sandbox.gaslog("mod", "--o2", "10/70").stdout.hasSuffix("; hypoxic: minimum depth 8 m\n"))
        // A nitrox line stays as it was, and its JSON has the keys with min_depth null.
        #expect(sandbox.gaslog("mod", "--o2", "32").stdout == "EAN 32 — MOD 34 m at ppO₂ 1.4\n")
        let nitrox = try #require(json(sandbox.gaslog("mod", "--o2", "32", "--json")) as? [String: Any])
        #expect(nitrox["min_depth"] is NSNull && nitrox["end"] as? Int == 34 && nitrox["density"] as? Double == 5.8)

        // end: Tx 18/45 at 60 m: END 70 × 0.55 − 10 = 28.5 → 29; density 0.80046 × 7 = 5.60 → 5.7.
        let end = try #require(json(sandbox.gaslog("end", "--o2", "18/45", "--depth", "60", "--json")) as? [String: Any])
        #expect(end["end"] as? Int == 29 && end["density"] as? Double == 5.7 && end["label"] as? String == "Tx 18/45")
        #expect(Set(end.keys).isSuperset(of: ["label", "depth", "end", "density", "unit"]))
        #expect(sandbox.gaslog("end", "--o2", "18/45", "--depth", "60").stderr.contains("exceeds the recommended limit of 5.2 g/L"))
        // With oxygen not narcotic: 70 × 0.37 / 0.79 − 10 = 22.78 → 23.
        #expect(sandbox.gaslog("config", "set", "o2-narcotic", "no").status == 0)
        let nitrogenOnly = try #require(json(sandbox.gaslog("end", "--o2", "18/45", "--depth", "60", "--json")) as? [String: Any])
        #expect(nitrogenOnly["end"] as? Int == 23)
        // Not breathable above ppO₂ 1.6 (exit 65); hypoxic below ppo2-min (a warning).
        #expect(sandbox.gaslog("end", "--o2", "18/45", "--depth", "80").status == 65)
        let shallow = sandbox.gaslog("end", "--o2", "10/70", "--depth", "5")
        #expect(shallow.status == 0 && shallow.stderr.contains("hypoxic at 5 m"), "\(shallow)")
        #expect(sandbox.gaslog("config", "set", "ppo2-min", "0.13").status == 64)
        #expect(sandbox.gaslog("config", "set", "ppo2-min", "0.16").status == 0)
        #expect(sandbox.gaslog("end", "--o2", "10/70", "--depth", "6").stderr.isEmpty)
        // ead stays nitrox-only and points to end; table stays a nitrox table.
        let ead = sandbox.gaslog("ead", "--o2", "18/45", "--depth", "30")
        #expect(ead.status == 64 && ead.stderr.contains("gaslog end"), "\(ead)")
        #expect(sandbox.gaslog("table", "--from", "18/45").status == 64)
        #expect(sandbox.gaslog("ppo2", "--o2", "18/45", "--depth", "60", "--json").stdout.contains("\"ppo2\":1.26"))
    }

    @Test("best-mix --end: the nitrox O2, just enough helium, and the minimum depth of a hypoxic answer")
    func bestTrimix() throws {
        // 60 m at 1.4: O2 floor(1.4 / 7 × 100) = 20; END ≤ 30 needs 1 − fHe ≤ 40/70, so fHe ≥ 42.86% → 43%.
        let deep = try #require(json(sandbox.gaslog("best-mix", "--depth", "60", "--end", "30", "--json")) as? [String: Any])
        #expect(deep["label"] as? String == "Tx 20/43" && deep["end"] as? Int == 30 && deep["min_depth"] is NSNull)
        // 100 m: O2 floor(1.4 / 11 × 100) = 12, hypoxic: minimum depth (0.18 / 0.12 − 1) × 10 = 5 m.
        let deeper = try #require(json(sandbox.gaslog("best-mix", "--depth", "100", "--end", "30", "--json")) as? [String: Any])
        #expect(deeper["o2"] as? Int == 12 && deeper["he"] as? Int == 64 && deeper["min_depth"] as? Int == 5)
        // No helium needed: the nitrox answer.
        let shallow = try #require(json(sandbox.gaslog("best-mix", "--depth", "30", "--end", "40", "--json")) as? [String: Any])
        #expect(shallow["label"] as? String == "EAN 35" && shallow["he"] as? Int == 0)
    }

    @Test("Fills: both analyses, the 2-point helium tolerance, the reference gas, and the export round trip")
    func fillsAndExport() throws {
        let first = sandbox.gaslog(
            "fill", "T1", "--o2", "18", "--he", "45", "--diver-o2", "18.5", "--diver-he", "44", "--at", "2026-11-01T10:00Z")
        #expect(first.status == 0 && first.stdout.hasPrefix("T1: Tx 18.5/44 — MOD 66 m at ppO₂ 1.4"), "\(first)")
        #expect(
            sandbox.query("SELECT o2_permille, he_permille, diver_o2_permille, diver_he_permille, label_o2_permille, label_he_permille FROM fills")
                == "180|450|185|440|185|440")
        // 2.0 points of helium is within the tolerance; 2.1 is not, and nothing is written.
        #expect(sandbox.gaslog("fill", "T2", "--o2", "18/45", "--diver-o2", "18/43", "--at", "2026-11-02T10:00Z").status == 0)
        let refused = sandbox.gaslog("fill", "T3", "--o2", "18/45", "--diver-o2", "18/42.9", "--at", "2026-11-03T10:00Z")
        #expect(refused.status == 65 && refused.stderr.contains("more than the 2-point tolerance"), "\(refused)")
        #expect(sandbox.query("SELECT count(*) FROM fills") == "2")
        #expect(
            sandbox.gaslog("fill", "T3", "--o2", "18/45", "--diver-o2", "18/42.9", "--accept-difference", "--at", "2026-11-03T10:00Z").status == 0)
        // A diver who analysed only O2: the helium is the blender's, and diver_he stays empty.
        #expect(sandbox.gaslog("fill", "T4", "--o2", "21/35", "--diver-o2", "21.4", "--at", "2026-11-04T10:00Z").status == 0)
        sandbox.ok("fill", "N1", "--o2", "32", "--at", "2026-11-05T10:00Z")

        // log --gas finds fills by their reference gas, helium included.
        let byGas = try #require(json(sandbox.gaslog("log", "--gas", "Tx 18.5/44", "--json")) as? [[String: Any]])
        #expect(byGas.map { $0["cylinder"] as? String } == ["T1"])
        #expect((json(sandbox.gaslog("log", "--gas", "18/45", "--json")) as? [[String: Any]])?.count == 0)
        #expect((json(sandbox.gaslog("log", "--gas", "32", "--json")) as? [[String: Any]])?.count == 1)
        let export = sandbox.gaslog("export").stdout
        let rows = parseCSV(export)
        #expect(rows[0] == exportHeader.split(separator: ",").map(String.init))
        // The helium columns, then recorded_by and voided_by, empty for the command line's fills (and
        // gas accounting's five after them).
        #expect(rows[1].dropLast(6).suffix(6) == ["18.5", "45", "44", "44", "", ""])
        #expect(rows[4].dropLast(6).suffix(6) == ["21.4", "35", "", "35", "", ""] && rows[4][3] == "Tx 21.4/35")
        #expect(rows[5].dropLast(6).suffix(6) == ["32", "0", "", "0", "", ""])
        let objects = try #require(json(sandbox.gaslog("export", "--format", "json")) as? [[String: Any]])
        #expect(objects[0]["he"] as? Double == 45 && objects[0]["diver_he"] as? Double == 44 && objects[4]["diver_he"] is NSNull)
        // Export → import → export is byte for byte.
        let other = Sandbox()
        #expect(other.gaslog("import", other.write("all.csv", export)).status == 0)
        #expect(other.gaslog("export").stdout == export)
        #expect(other.gaslog("log", "T1").stdout.contains("Tx 18.5/44"))
        #expect(other.gaslog("tag", "1").stdout.contains("Tx 18.5/44 (18.5% O2, 44% He)"))

        // An older export, without the helium columns, imports as no helium.
        let old = safetyHeader + "\r\n,2026-02-01T00:00:00Z,Old,EAN 32,32,1.4,34,111,,,,,,,,,nearest,32\r\n"
        let older = Sandbox()
        #expect(older.gaslog("import", older.write("old.csv", old)).status == 0)
        #expect(parseCSV(older.gaslog("export").stdout)[1].dropLast(6).suffix(5) == ["0", "", "0", "", ""])
        // label_he must be one of the readings; missing or empty is he.
        for (labelHe, status) in [("45", Int32(0)), ("44", 0), ("", 0), ("43", 65), ("x", 65)] {
            let row = trimixHeader + "\r\n,2026-02-01T00:00:00Z,X,,18,1.4,,,,,,,18,,,,nearest,18,45,44,\(labelHe)\r\n"
            let target = Sandbox()
            let result = target.gaslog("import", target.write("row.csv", row))
            #expect(result.status == status, "label_he \(labelHe): \(result)")
        }
    }

    @Test("Blend plans: helium first, the nitrox keys, and a top-off gas with helium refused")
    func blends() throws {
        let trimix = try #require(
            json(sandbox.gaslog("blend", "T", "--target", "18/45", "--to", "200", "--from", "0", "--json")) as? [String: Any])
        #expect(trimix["he_to"] as? Int == 90 && trimix["o2_to"] as? Int == 106 && trimix["add_he"] as? Int == 90)
        #expect(trimix["from_he"] as? Int == 0 && trimix["target_he"] as? Int == 45 && trimix["final_he"] as? Int == 45)
        let real = try #require(
            json(sandbox.gaslog("blend", "T", "--target", "18/45", "--to", "200", "--from", "0", "--real-gas", "--json"))
                as? [String: Any])
        #expect(real["he_to"] as? Int == 89 && real["o2_to"] as? Int == 104, "\(real)")
        let nitrox = try #require(
            json(sandbox.gaslog("blend", "N", "--target", "36", "--to", "200", "--from", "50", "--from-gas", "air", "--json"))
                as? [String: Any])
        #expect(nitrox["from_he"] as? Int == 0 && nitrox["target_he"] as? Int == 0 && nitrox["add_he"] as? Int == 0)
        #expect(nitrox["final_he"] as? Int == 0 && nitrox["he_to"] as? Int == 50)
        let topOff = sandbox.gaslog("blend", "T", "--target", "18/45", "--to", "200", "--from", "0", "--top-off", "21/35")
        #expect(topOff.status == 65 && topOff.stderr.contains("holds helium"), "\(topOff)")
    }
}
