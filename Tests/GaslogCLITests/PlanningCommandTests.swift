import Foundation
import Testing

@Suite("Dive-planning and blending commands")
struct PlanningCommandTests {
    @Test("table: rows per O2, columns per ppO2, cells equal to mod")
    func table() throws {
        let sandbox = Sandbox()
        let rows = try #require(json(sandbox.gaslog("table", "--json")) as? [[String: Any]])
        #expect(rows.count == 20)
        #expect(rows.first?["label"] as? String == "Air")
        #expect((rows.last?["o2"] as? NSNumber)?.intValue == 40)
        for row in rows {
            let o2 = (row["o2"] as! NSNumber).intValue
            let cells = row["mod"] as! [String: Int]
            #expect(Set(cells.keys) == ["1.4", "1.5", "1.6"])
            for (ppo2, p) in [("1.4", 140), ("1.5", 150), ("1.6", 160)] {
                #expect(cells[ppo2] == expectedDepth(o2Permille: o2 * 10, ppo2Centibar: p, perBar: 10))
            }
        }
        let custom = try #require(
            json(
                sandbox.gaslog(
                    "table", "--from", "30", "--to", "31", "--step", "0.5", "--ppo2", "1.2,1.45",
                    "--unit", "imperial", "--json")) as? [[String: Any]])
        #expect(custom.map { ($0["o2"] as! NSNumber).stringValue } == ["30", "30.5", "31"])
        #expect(
            custom[1]["mod"] as? [String: Int] == [
                "1.2": expectedDepth(o2Permille: 305, ppo2Centibar: 120, perBar: 33),
                "1.45": expectedDepth(o2Permille: 305, ppo2Centibar: 145, perBar: 33),
            ])
        let down = try #require(
            json(sandbox.gaslog("table", "--from", "40", "--to", "40", "--round", "down", "--unit", "imperial", "--json")) as? [[String: Any]])
        #expect((down[0]["mod"] as? [String: Int])?["1.4"] == 82)
        #expect(sandbox.gaslog("table").stdout.contains("EAN 32"))
        for bad in [
            ["table", "--from", "40", "--to", "30"], ["table", "--step", "0"], ["table", "--ppo2", "1.4,1.7"], ["table", "--round", "up"],
        ] {
            #expect(sandbox.run(bad).status == 64, "\(bad)")
        }
    }

    @Test("best-mix, ead and ppo2 in both units")
    func calculators() throws {
        let sandbox = Sandbox()
        let best = try #require(json(sandbox.gaslog("best-mix", "--depth", "30", "--json")) as? [String: Any])
        #expect((best["o2"] as? NSNumber)?.intValue == 35)
        #expect(best["label"] as? String == "EAN 35" && best["mod"] as? Int == 30 && best["unit"] as? String == "metric")
        let bestFeet = try #require(
            json(sandbox.gaslog("best-mix", "--depth", "100", "--unit", "imperial", "--ppo2", "1.6", "--json")) as? [String: Any])
        // 1.6 / (100/33 + 1) = 0.3970 → EAN 39.
        #expect((bestFeet["o2"] as? NSNumber)?.intValue == 39)
        let tooDeep = sandbox.gaslog("best-mix", "--depth", "60")
        #expect(tooDeep.status == 65)
        // Air's exact reach at 1.4, 56.666… m, rounded down: never a figure that reads as reaching the depth.
        #expect(tooDeep.stderr.contains("even air reaches only 56.6 m at ppO₂ 1.4"), "\(tooDeep)")

        let ead = try #require(json(sandbox.gaslog("ead", "--o2", "32", "--depth", "30", "--json")) as? [String: Any])
        #expect(ead["ead"] as? Int == 25)
        #expect(Set(ead.keys) == ["o2", "label", "depth", "ead", "unit"])
        #expect(sandbox.gaslog("ead", "--o2", "32", "--depth", "100", "--unit", "imperial").stdout.contains("EAD 82 ft"))
        #expect(sandbox.gaslog("ead", "--o2", "36", "--depth", "35").status == 65)
        #expect(sandbox.gaslog("ead", "--o2", "100", "--depth", "3", "--json").stdout.contains("\"ead\":0"))

        let ppo2 = sandbox.gaslog("ppo2", "--o2", "36", "--depth", "33", "--json")
        #expect((json(ppo2) as? [String: Any])?["ppo2"] as? NSNumber == 1.55)
        #expect(ppo2.stderr.isEmpty && ppo2.stdout.contains("above 1.4"))
        #expect(sandbox.gaslog("ppo2", "--o2", "36", "--depth", "33").stderr.contains("above 1.4"))
        let over = sandbox.gaslog("ppo2", "--o2", "50", "--depth", "30")
        #expect(over.status == 0)
        #expect(over.stderr.contains("over 1.6: not breathable"))
        #expect(over.stdout.contains("ppO₂ 2.00"))
        #expect(sandbox.gaslog("ppo2", "--o2", "32", "--depth", "20").stderr.isEmpty)
        #expect(sandbox.gaslog("ppo2", "--o2", "32", "--depth", "33", "--unit", "imperial").stdout.contains("ppO₂ 0.64"))

        for bad in [
            ["ead", "--o2", "32", "--depth", "151"], ["ead", "--o2", "32", "--depth", "501", "--unit", "imperial"],
            ["ppo2", "--o2", "32", "--depth", "-1"], ["ppo2", "--o2", "32", "--depth", "30.25"], ["best-mix", "--depth", "1e1"],
            ["best-mix"], ["ead", "--depth", "30"],
        ] {
            #expect(sandbox.run(bad).status == 64, "\(bad)")
        }
    }

    /// The final mix from a plan's JSON numbers alone.
    func recomputed(_ plan: [String: Any]) -> Double {
        func number(_ key: String) -> Double { (plan[key] as! NSNumber).doubleValue }
        let kept = (plan["bleed_to"] as? NSNumber)?.doubleValue ?? number("from")
        return (kept * number("from_o2") + (number("o2_to") - kept) * 100 + (number("top_off_to") - number("o2_to")) * number("top_off_gas"))
            / number("top_off_to")
    }

    @Test("blend plans from the log, in both units, never richer than the target")
    func blend() throws {
        let sandbox = Sandbox()
        sandbox.ok("fill", "Club 07", "--o2", "32", "--pressure", "50")
        let topUp = try #require(json(sandbox.gaslog("blend", "Club 07", "--target", "36", "--to", "200", "--json")) as? [String: Any])
        #expect(
            Set(topUp.keys) == [
                "cylinder", "from", "from_o2", "target_o2", "to", "bleed_to", "add_o2", "o2_to", "top_off_gas",
                "top_off_to", "final_o2", "unit", "from_he", "target_he", "add_he", "he_to", "final_he", "warnings",
            ])
        #expect(topUp["from"] as? Int == 50 && topUp["bleed_to"] is NSNull)
        #expect(abs(recomputed(topUp) - (topUp["final_o2"] as! NSNumber).doubleValue) < 0.01)
        #expect(recomputed(topUp) <= 36 && recomputed(topUp) > 35.5)

        for (arguments, bleeds) in [
            (["--target", "32", "--to", "200", "--from", "0"], false),
            (["--target", "28", "--to", "200", "--from", "150", "--from-gas", "36"], true),
            (["--target", "40", "--to", "200", "--from", "180", "--from-gas", "air"], true),
            (["--target", "32", "--to", "3000psi", "--from", "500psi", "--unit", "imperial"], false),
            (["--target", "50", "--to", "2400", "--from", "3000", "--from-gas", "32", "--unit", "imperial"], true),
            (["--target", "34", "--to", "200", "--from", "50", "--top-off", "32"], false),
        ] {
            let result = sandbox.run(["blend", "Club 07", "--json"] + arguments)
            let plan = try #require(json(result) as? [String: Any], "\(arguments): \(result)")
            let target = (plan["target_o2"] as! NSNumber).doubleValue
            #expect(recomputed(plan) <= target + 1e-9, "\(arguments)")
            #expect(target - recomputed(plan) <= 0.5, "\(arguments)")
            #expect((plan["bleed_to"] is NSNull) == !bleeds, "\(arguments)")
            if plan["unit"] as? String == "imperial" {
                for key in ["o2_to", "top_off_to"] { #expect((plan[key] as! Int) % 10 == 0) }
            }
        }
        let text = sandbox.gaslog("blend", "Club 07", "--target", "28", "--to", "200", "--from", "150", "--from-gas", "36").stdout
        #expect(text.contains("bleed down to 93 bar") && text.contains("top off with air to 200 bar"))
        #expect(sandbox.gaslog("blend", "Club 07", "--target", "30", "--to", "200", "--top-off", "32", "--from", "0").status == 65)
        #expect(sandbox.gaslog("blend", "Nobody", "--target", "32", "--to", "200").status == 65)
        #expect(sandbox.gaslog("blend", "New", "--target", "32", "--to", "200", "--from", "0").status == 0)
        #expect(sandbox.gaslog("blend", "Club 07", "--target", "32", "--to", "301").status == 64)
        #expect(sandbox.gaslog("blend", "Club 07", "--target", "32").status == 64)
    }

    @Test("blend refuses a cylinder that is not oxygen-clean or a target above its working pressure, unless overridden")
    func blendChecks() {
        let sandbox = Sandbox()
        sandbox.ok("cylinder", "add", "Dirty", "--no-o2-clean", "--working-pressure", "200")
        let dirty = sandbox.gaslog("blend", "Dirty", "--target", "32", "--to", "200", "--from", "0")
        #expect(dirty.status == 65)
        #expect(dirty.stderr.contains("oxygen-clean"))
        // Topping off with a premix puts no pure oxygen through the valve.
        #expect(sandbox.gaslog("blend", "Dirty", "--target", "32", "--to", "200", "--from", "0", "--top-off", "32").status == 0)
        let over = sandbox.gaslog("blend", "Dirty", "--target", "21", "--to", "210", "--from", "0")
        #expect(over.status == 65)
        #expect(over.stderr.contains("working pressure"))
        let overridden = sandbox.gaslog("blend", "Dirty", "--target", "32", "--to", "210", "--from", "0", "--override", "owner's risk")
        #expect(overridden.status == 0)
        #expect(overridden.stderr.contains("warning:"))
    }

    @Test("--round down and the rounding setting: stored with the fill, exported, checked on import")
    func rounding() throws {
        let sandbox = Sandbox()
        #expect(sandbox.gaslog("mod", "--o2", "36", "--ppo2", "1.6").stdout.contains("MOD 34 m"))
        #expect(sandbox.gaslog("mod", "--o2", "32", "--round", "down").stdout.contains("MOD 33 m"))
        #expect(sandbox.gaslog("mod", "--o2", "40", "--unit", "imperial", "--round", "nearest").stdout.contains("MOD 82 ft"))
        sandbox.ok("fill", "A", "--o2", "32", "--at", "2026-01-01")
        sandbox.ok("fill", "B", "--o2", "32", "--round", "down", "--at", "2026-01-02")
        #expect(sandbox.gaslog("config", "set", "rounding", "down").status == 0)
        sandbox.ok("fill", "C", "--o2", "32", "--at", "2026-01-03")
        #expect(sandbox.query("SELECT group_concat(mod_m || ':' || rounding, ',') FROM fills") == "34:nearest,33:down,33:down")
        #expect(sandbox.gaslog("mod", "A").stdout.contains("MOD 34 m"))
        #expect(sandbox.gaslog("mod", "A", "--round", "down").stdout.contains("MOD 33 m"))
        let listed = try #require(json(sandbox.gaslog("list", "--round", "nearest", "--json")) as? [[String: Any]])
        #expect(listed.map { $0["mod"] as? Int } == [34, 34, 34])

        let export = sandbox.gaslog("export").stdout
        let rows = parseCSV(export)
        #expect(Array(rows[0][15..<21]) == ["override_reason", "rounding", "label_o2", "he", "diver_he", "label_he"])
        #expect(rows.dropFirst().map { $0[16] } == ["nearest", "down", "down"])
        let other = Sandbox()
        #expect(other.gaslog("import", sandbox.write("r.csv", export)).status == 0)
        #expect(other.gaslog("export").stdout == export)
        // Older files have no rounding column: their MODs must be nearest.
        let old = csvHeader + "\r\n,2026-01-01,A,EAN 32,32,1.4,34,111,,,,,,,\r\n"
        #expect(other.gaslog("import", other.write("old.csv", old)).status == 0)
        let wrong = csvHeader + ",rounding\r\n,2026-01-05,A,EAN 32,32,1.4,34,111,,,,,,,,down\r\n"
        let refused = other.gaslog("import", other.write("wrong.csv", wrong))
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("column mod_m"))
    }
}
