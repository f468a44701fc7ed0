import Foundation
import Testing

/// The MOD the formula gives, computed here from integers alone, without
/// gaslog's calculator: (ppO₂ / fO₂ − 1) × 10 m or × 33 ft, O2 in tenths of
/// a percent and ppO₂ in hundredths of a bar, the nearest whole unit with an
/// exact half going shallower.
func expectedMOD(o2Permille: Int, ppo2Centibar: Int, feet: Bool = false) -> Int {
    // (10·c / p − 1) × perBar = perBar·(10·c − p) / p
    let perBar = feet ? 33 : 10
    let numerator = perBar * (10 * ppo2Centibar - o2Permille), denominator = o2Permille
    let whole = numerator / denominator, remainder = numerator - whole * denominator
    return 2 * remainder > denominator ? whole + 1 : whole
}

extension Sandbox {
    /// Imports rows written in the export's full header, as an older export holds them.
    func importRows(_ rows: [String]) -> RunResult {
        let header =
            "id,filled_at,cylinder,label,o2,ppo2,mod_m,mod_ft,pressure_bar,blender,diver,cert,diver_o2,note,void_reason,"
            + "override_reason,rounding,label_o2,he,diver_he,label_he,recorded_by,voided_by"
        let file = write("older.csv", ([header] + rows).map { $0 + "\r\n" }.joined())
        return gaslog("import", file)
    }

    /// Sets a fill's stored `mod_m` behind gaslog's back, as the issue's
    /// tamperer did: drop the append-only trigger, update, put it back.
    func tamperStoredMOD(fill id: Int, metres: Int) {
        let trigger = query("SELECT sql FROM sqlite_schema WHERE name = 'fills_are_append_only_update'")
        let result = shell(
            "DROP TRIGGER fills_are_append_only_update; UPDATE fills SET mod_m = \(metres) WHERE id = \(id); \(trigger);")
        #expect(result.status == 0, "\(result.stderr)")
    }
}

@Suite("One depth everywhere: the reference gas's MOD, a deeper tag marked, stored depths checked, hypoxic tags")
struct OneDepthTests {
    /// The issue's older-export row: labelled EAN 32 from the blender's 32%,
    /// while the diver read 33%.
    static let leanerNitrox = "1,2026-11-01T10:00:00Z,Club 01,EAN 32,32,1.4,34,111,200,,,,33,,,,nearest,32,0,,0,,"
    /// Trimix labelled from the blender's 18/45, while the diver read 18.5/40.
    static let leanerTrimix = "2,2026-11-01T11:00:00Z,Tx 01,Tx 18/45,18,1.4,68,224,200,,,,18.5,,,,nearest,18,45,40,45,,"

    @Test("A leaner-labelled import: mod, list, log and tag show the richer reading's depth, and mark the deeper tag")
    func leanerLabelShownShallower() throws {
        let sandbox = Sandbox()
        #expect(sandbox.importRows([Self.leanerNitrox, Self.leanerTrimix]).status == 0)
        let nitrox = expectedMOD(o2Permille: 330, ppo2Centibar: 140)
        let nitroxFeet = expectedMOD(o2Permille: 330, ppo2Centibar: 140, feet: true)
        let trimix = expectedMOD(o2Permille: 185, ppo2Centibar: 140)
        #expect(nitrox == 32 && expectedMOD(o2Permille: 320, ppo2Centibar: 140) == 34 && trimix == 66)

        let mod = sandbox.gaslog("mod", "Club 01")
        #expect(mod.stdout.hasPrefix("Club 01: EAN 33 — MOD \(nitrox) m at ppO₂ 1.4"), "\(mod)")
        #expect(mod.stdout.contains("the tag shows 34 m, the gas allows only \(nitrox) m; re-tag the cylinder"), "\(mod)")
        let trimixMod = sandbox.gaslog("mod", "Tx 01")
        #expect(trimixMod.stdout.hasPrefix("Tx 01: Tx 18.5/40 — MOD \(trimix) m"), "\(trimixMod)")
        #expect(trimixMod.stdout.contains("the tag shows 68 m, the gas allows only \(trimix) m; re-tag the cylinder"), "\(trimixMod)")

        let object = try #require(json(sandbox.gaslog("mod", "Club 01", "--json")) as? [String: Any])
        #expect(object["label"] as? String == "EAN 33" && object["mod"] as? Int == nitrox && object["tag_mod"] as? Int == 34)

        let list = sandbox.gaslog("list").stdout
        #expect(list.contains("the tag shows 68 m, the gas allows only \(trimix) m; re-tag the cylinder"), "\(list)")
        #expect(!list.contains("34 m  "), "\(list)")

        // The human log shows the depth the gas allows, marked; its JSON is the record.
        let log = sandbox.gaslog("log", "Club 01", environment: ["COLUMNS": "400"]).stdout
        #expect(log.contains("EAN 33") && log.contains("\(nitrox) m") && log.contains("RE-TAG"), "\(log)")
        #expect(log.contains("the tag shows 34 m, the gas allows only \(nitrox) m; re-tag the cylinder"), "\(log)")
        let record = try #require((json(sandbox.gaslog("log", "Club 01", "--json")) as? [[String: Any]])?.first)
        #expect(record["label"] as? String == "EAN 32" && record["mod_m"] as? Int == 34 && record["mod_ft"] as? Int == 111)

        // The tag shows the allowed depth in both units, never the stored 34 m / 111 ft, with the mark.
        let tag = sandbox.gaslog("tag", "1").stdout
        #expect(tag.contains("MOD:         \(nitrox) m / \(nitroxFeet) ft at ppO₂ 1.4"), "\(tag)")
        #expect(tag.contains("the tag shows 34 m / 111 ft, the gas allows only \(nitrox) m / \(nitroxFeet) ft; re-tag the cylinder"))
        #expect(!tag.contains("MOD:         34 m"))
        let tagJSON = try #require(json(sandbox.gaslog("tag", "1", "--json")) as? [String: Any])
        #expect(tagJSON["label"] as? String == "EAN 32" && tagJSON["mod_m"] as? Int == 34 && tagJSON["mod"] as? Int == nitrox)
        // The export keeps the stored row byte for byte.
        #expect(sandbox.gaslog("export").stdout.contains(Self.leanerNitrox))
    }

    @Test("A tag deeper in one unit only is marked in both units wherever a depth is shown, in either unit")
    func deeperInOneUnitOnly() throws {
        let sandbox = Sandbox()
        // 21.1%: 56.35 → 56 m, 185.96 → 186 ft. 21.2%: 56.04 → 56 m, 184.92 → 185 ft. Only the feet differ.
        #expect(expectedMOD(o2Permille: 211, ppo2Centibar: 140) == 56 && expectedMOD(o2Permille: 212, ppo2Centibar: 140) == 56)
        #expect(
            expectedMOD(o2Permille: 211, ppo2Centibar: 140, feet: true) == 186
                && expectedMOD(o2Permille: 212, ppo2Centibar: 140, feet: true) == 185)
        #expect(sandbox.importRows(["1,2026-11-20T10:00:00Z,MEq,EAN 21.1,21.1,1.4,56,186,200,,,,21.2,,,,nearest,21.1,0,,0,,"]).status == 0)
        let note = "the tag shows 56 m / 186 ft, the gas allows only 56 m / 185 ft; re-tag the cylinder"
        for arguments in [["mod", "MEq"], ["list"], ["mod", "MEq", "--unit", "imperial"]] {
            #expect(sandbox.run(arguments).stdout.contains(arguments.contains("imperial") ? "the tag shows 186 ft" : note), "\(arguments)")
        }
        #expect(sandbox.gaslog("log", environment: ["COLUMNS": "400"]).stdout.contains("RE-TAG"))
    }

    @Test("tag --json says which reading its mod comes from: the richer one")
    func modFrom() throws {
        let sandbox = Sandbox()
        #expect(sandbox.importRows([Self.leanerNitrox]).status == 0)
        let object = try #require(json(sandbox.gaslog("tag", "1", "--json")) as? [String: Any])
        #expect(object["mod"] as? Int == expectedMOD(o2Permille: 330, ppo2Centibar: 140) && object["mod_from"] as? String == "diver")
    }

    @Test("A hypoxic mix's minimum depth comes from the leaner O2 reading, the safe side")
    func minimumDepthFromLeanerReading() {
        let sandbox = Sandbox()
        // 10%: (0.18 / 0.10 − 1) × 10 = 8 m, × 33 = 26.4 → 27 ft; the diver's 11% alone would allow 7 m.
        sandbox.ok("fill", "Deep 09", "--o2", "10/70", "--diver-o2", "11/70")
        let tag = sandbox.gaslog("tag", "1").stdout
        #expect(tag.contains("HYPOXIC:     not to be breathed above 8 m / 27 ft"), "\(tag)")
        #expect(sandbox.gaslog("mod", "Deep 09").stdout.contains("hypoxic: minimum depth 8 m"))
    }

    @Test("The tag-deeper note appears only when the two depths differ")
    func equalDepthsNoNote() {
        let sandbox = Sandbox()
        // 32% and 32.1% both give 34 m and 111 ft at 1.4.
        #expect(expectedMOD(o2Permille: 321, ppo2Centibar: 140) == 34 && expectedMOD(o2Permille: 321, ppo2Centibar: 140, feet: true) == 111)
        #expect(sandbox.importRows(["1,2026-11-01T10:00:00Z,Club 02,EAN 32,32,1.4,34,111,,,,,32.1,,,,nearest,32,0,,0,,"]).status == 0)
        let mod = sandbox.gaslog("mod", "Club 02")
        #expect(mod.stdout.hasPrefix("Club 02: EAN 32.1 — MOD 34 m"), "\(mod)")
        #expect(!mod.stdout.contains("tag shows"), "\(mod)")
        #expect(!sandbox.gaslog("tag", "1").stdout.contains("re-tag"))
        #expect(!sandbox.gaslog("list").stdout.contains("tag shows"))
    }

    @Test("A stored MOD changed outside gaslog: mod, tag and list refuse with exit 74, check reports it, the records keep it")
    func tamperedStoredMOD() throws {
        let sandbox = Sandbox()
        sandbox.ok("fill", "Club 03", "--o2", "32")
        sandbox.ok("fill", "Club 04", "--o2", "36")
        sandbox.tamperStoredMOD(fill: 1, metres: 45)
        #expect(sandbox.query("SELECT mod_m FROM fills WHERE id = 1") == "45")
        let problem = "fill 1's stored MOD does not match its gas: the logbook was changed outside gaslog"
        let message = problem + "; run gaslog verify"
        for arguments in [["mod", "Club 03"], ["mod", "Club 03", "--json"], ["tag", "1"], ["tag", "1", "--json"], ["list"], ["list", "--json"]] {
            let refused = sandbox.run(arguments)
            #expect(refused.status == 74, "\(arguments): \(refused)")
            // With --json the error is one JSON line (#35), with the same words.
            let expected =
                arguments.contains("--json")
                ? #"{"error":{"status":74,"code":"integrity","rules":[],"message":"\#(message)","field":null}}"# + "\n"
                : "error: " + message + "\n"
            #expect(refused.stderr == expected, "\(arguments): \(refused)")
            #expect(!refused.stdout.contains("45"), "\(arguments): \(refused)")
        }
        // The other cylinder, untouched, still answers.
        #expect(sandbox.gaslog("mod", "Club 04").stdout.hasPrefix("Club 04: EAN 36 — MOD \(expectedMOD(o2Permille: 360, ppo2Centibar: 140)) m"))
        let check = sandbox.gaslog("check")
        #expect(check.status == 74 && check.stderr == "error: check failed: " + problem + "\n", "\(check)")
        // The records give the evidence as stored.
        #expect(sandbox.gaslog("export").stdout.contains(",Club 03,EAN 32,32,1.4,45,111,"))
        let record = try #require((json(sandbox.gaslog("log", "Club 03", "--json")) as? [[String: Any]])?.first)
        #expect(record["mod_m"] as? Int == 45)
    }

    @Test("A sound logbook passes check's stored-MOD check, a leaner-labelled import included")
    func checkPassesSoundLogbook() {
        let sandbox = Sandbox()
        #expect(sandbox.importRows([Self.leanerNitrox, Self.leanerTrimix]).status == 0)
        sandbox.ok("fill", "Club 05", "--o2", "28", "--round", "down")
        let check = sandbox.gaslog("check")
        #expect(check.status == 0 && check.stderr.isEmpty && check.stdout.contains("audit trail: "), "\(check)")
    }

    @Test("A hypoxic mix's tag says so: Tx 10/70 is not to be breathed above 8 m, with its END, density and warning")
    func hypoxicTag() throws {
        let sandbox = Sandbox()
        sandbox.ok("fill", "Deep 01", "--o2", "10", "--he", "70")
        // MOD: (1.4 / 0.10 − 1) × 10 = 130 m, × 33 = 429 ft. Minimum depth at 0.18: (1.8 − 1) × 10 = 8 m, × 33 = 26.4, up to 27 ft.
        #expect(expectedMOD(o2Permille: 100, ppo2Centibar: 140) == 130 && expectedMOD(o2Permille: 100, ppo2Centibar: 140, feet: true) == 429)
        // END at 130 m, oxygen narcotic: 140 × 0.3 − 10 = 32 m. Density: (1.429·0.1 + 1.251·0.2 + 0.1786·0.7) × 14 = 7.25368, up to 7.3.
        let tag = sandbox.gaslog("tag", "1").stdout
        #expect(tag.contains("MOD:         130 m / 429 ft at ppO₂ 1.4"), "\(tag)")
        #expect(tag.contains("HYPOXIC:     not to be breathed above 8 m / 27 ft"), "\(tag)")
        #expect(tag.contains("END 32 m, density 7.3 g/L"), "\(tag)")
        #expect(tag.contains("exceeds the maximum of 6.2 g/L"), "\(tag)")
        let object = try #require(json(sandbox.gaslog("tag", "1", "--json")) as? [String: Any])
        #expect(object["min_depth"] as? Int == 8 && object["end"] as? Int == 32 && (object["density"] as? NSNumber)?.doubleValue == 7.3)
        let feet = try #require(json(sandbox.gaslog("tag", "1", "--json", "--unit", "imperial")) as? [String: Any])
        #expect(feet["min_depth"] as? Int == 27)
        // The fill's own line says it as mod does.
        let fill = sandbox.gaslog("fill", "Deep 02", "--o2", "10", "--he", "70")
        #expect(fill.stdout.contains("hypoxic: minimum depth 8 m"), "\(fill)")
    }

    @Test("Tx 18/45's tag: not hypoxic (min_depth null), END and density at 68 m, the maximum density warning")
    func trimixTag() throws {
        let sandbox = Sandbox()
        sandbox.ok("fill", "Deep 03", "--o2", "18", "--he", "45")
        #expect(expectedMOD(o2Permille: 180, ppo2Centibar: 140) == 68)
        // END at 68 m: 78 × 0.55 − 10 = 32.9, up to 33. Density: (1.429·0.18 + 1.251·0.37 + 0.1786·0.45) × 7.8 = 6.2436, up to 6.3.
        let tag = sandbox.gaslog("tag", "1").stdout
        #expect(!tag.contains("HYPOXIC"), "\(tag)")
        #expect(tag.contains("END 33 m, density 6.3 g/L") && tag.contains("exceeds the maximum of 6.2 g/L"), "\(tag)")
        let object = try #require(json(sandbox.gaslog("tag", "1", "--json")) as? [String: Any])
        #expect(object["min_depth"] is NSNull && object["end"] as? Int == 33)
        // Nitrox tags carry the keys too, as mod --json does.
        sandbox.ok("fill", "Club 06", "--o2", "32")
        let nitrox = try #require(json(sandbox.gaslog("tag", "2", "--json")) as? [String: Any])
        #expect(nitrox["min_depth"] is NSNull && nitrox["end"] != nil && nitrox["density"] != nil)
    }

    @Test("best-mix states air's exact reach, rounded down, so that it never reads as reaching the depth")
    func bestMixAirReach() {
        let sandbox = Sandbox()
        // Air at 1.4: (1.4 / 0.21 − 1) × 10 = 56.666… m, down to 56.6.
        let refused = sandbox.gaslog("best-mix", "--depth", "57")
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("even air reaches only 56.6 m at ppO₂ 1.4"), "\(refused)")
        #expect(!refused.stderr.contains("57 m;"), "\(refused)")
    }

    @Test("A refusal is stated in the unit asked for")
    func refusalInUnitAsked() {
        let sandbox = Sandbox()
        sandbox.ok("cylinder", "add", "Club 08", "--working-pressure", "200bar")
        let refused = sandbox.gaslog("fill", "Club 08", "--o2", "32", "--pressure", "3200psi", "--unit", "imperial")
        #expect(refused.status == 65, "\(refused)")
        // 200 bar is 2,900.76 psi: the refusal names psi, never bar, and the limit to fill to is rounded down.
        #expect(refused.stderr.contains("3200 psi") && refused.stderr.contains("fill to at most 2900 psi"), "\(refused)")
        #expect(!refused.stderr.contains("bar"), "\(refused)")
    }
}
