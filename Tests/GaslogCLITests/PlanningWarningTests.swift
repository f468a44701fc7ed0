import Foundation
import Testing

/// Issue 25 through the command line: each warning of the calculators, of
/// `mod CYLINDER` and of `blend` is in `--json`'s `warnings`, with its code,
/// its message and its code's keys, and the human output keeps today's
/// `warning:` line. Figures are worked out here from the formulas.
@Suite("Warnings are results: mod, end, ppo2, best-mix and blend")
struct PlanningWarningTests {
    let sandbox = Sandbox()

    /// The ppO₂ the formula gives, in hundredths of a bar rounded up:
    /// fO₂ × (depth / 10 + 1) = O2% × (depth + 10) / 1000 bar.
    static func partialPressure(o2Percent: Int, metres: Int) -> String {
        let thousandths = o2Percent * (metres + 10)
        let hundredths = (thousandths + 9) / 10
        return "\(hundredths / 100)." + String(format: "%02d", hundredths % 100)
    }

    /// The density by the formula, (1.429·fO₂ + 1.251·fN₂ + 0.1786·fHe) ×
    /// (depth / 10 + 1) g/L, with one decimal rounded up.
    static func density(o2: Double, he: Double, metres: Double) -> String {
        let grams = (1.429 * o2 + 1.251 * (1 - o2 - he) + 0.1786 * he) * (metres / 10 + 1)
        return String(format: "%.1f", (grams * 10).rounded(.up) / 10)
    }

    /// The object printed by `--json`.
    func jsonObject(_ arguments: String...) throws -> [String: Any] {
        let result = sandbox.run(arguments)
        return try #require(json(result) as? [String: Any], "\(arguments): \(result)")
    }

    /// The `warnings` of a JSON object, each with its keys.
    func warnings(_ object: [String: Any]) throws -> [[String: Any]] {
        try #require(object["warnings"] as? [[String: Any]], "\(object)")
    }

    @Test("ppo2: over 1.6 and over 1.4 are warnings with code ppo2, in the JSON and as today's line; none within 1.4")
    func partialPressureWarnings() throws {
        // 0.32 × 6 = 1.92 bar: not breathable.
        #expect(Self.partialPressure(o2Percent: 32, metres: 50) == "1.92")
        let over = try jsonObject("ppo2", "--o2", "32", "--depth", "50", "--json")
        #expect((over["ppo2"] as? NSNumber)?.stringValue == "1.92")
        let overWarnings = try warnings(over)
        let message = "ppO₂ 1.92 — over 1.6: not breathable (EAN 32 at 50 m)"
        // And (1.429 × 0.32 + 1.251 × 0.68) × 6 = 7.848 g/L, shown 7.9: above 6.2, one density rule (#35).
        let dense = "gas density 7.9 g/L (EAN 32 at 50 m) exceeds the maximum of 6.2 g/L"
        #expect(overWarnings.map { $0["code"] as? String } == ["ppo2", "density"])
        #expect(overWarnings.first?["message"] as? String == message && overWarnings.last?["message"] as? String == dense)
        #expect(Set(overWarnings.first?.keys.map { $0 } ?? []) == ["code", "message"])
        let human = sandbox.gaslog("ppo2", "--o2", "32", "--depth", "50")
        #expect(human.status == 0)
        #expect(human.stdout == "EAN 32 at 50 m — ppO₂ 1.92\n", "\(human)")
        #expect(human.stderr == "warning: " + message + "\nwarning: " + dense + "\n", "\(human)")

        // 0.36 × 4.3 = 1.548, shown 1.55: above the working limit.
        let above = Self.partialPressure(o2Percent: 36, metres: 33)
        #expect(above == "1.55")
        let aboveWarnings = try warnings(try jsonObject("ppo2", "--o2", "36", "--depth", "33", "--json"))
        let aboveMessage = "ppO₂ \(above) is above 1.4, the usual limit for the working part of a dive"
        // (1.429 × 0.36 + 1.251 × 0.64) × 4.3 = 5.655 g/L, shown 5.7: above 5.2.
        let aboveDense = "gas density 5.7 g/L (EAN 36 at 33 m) exceeds the recommended limit of 5.2 g/L"
        #expect(aboveWarnings.map { $0["code"] as? String } == ["ppo2", "density"] && aboveWarnings.first?["message"] as? String == aboveMessage)
        #expect(sandbox.gaslog("ppo2", "--o2", "36", "--depth", "33").stderr == "warning: " + aboveMessage + "\nwarning: " + aboveDense + "\n")

        // 0.32 × 3 = 0.96: nothing to say, and `warnings` is there, empty.
        let within = try jsonObject("ppo2", "--o2", "32", "--depth", "20", "--json")
        #expect(try warnings(within).isEmpty)
        #expect(sandbox.gaslog("ppo2", "--o2", "32", "--depth", "20").stderr.isEmpty)
    }

    @Test("ppo2: a mix hypoxic at the depth is a hypoxic warning, in the JSON and as a line")
    func partialPressureHypoxic() throws {
        // 0.10 × (2 / 10 + 1) = 0.12 bar, below the default ppo2-min of 0.18.
        #expect(Self.partialPressure(o2Percent: 10, metres: 2) == "0.12")
        let object = try jsonObject("ppo2", "--o2", "10/70", "--depth", "2", "--json")
        let message = "Tx 10/70 is hypoxic at 2 m: its ppO₂ there is 0.12, below ppo2-min 0.18"
        #expect(try warnings(object).map { $0["code"] as? String } == ["hypoxic"])
        #expect(try warnings(object).first?["message"] as? String == message)
        #expect(sandbox.gaslog("ppo2", "--o2", "10/70", "--depth", "2").stderr == "warning: " + message + "\n")
        // 0.10 × 1.8 = 0.18: at the minimum, it may be breathed.
        #expect(try warnings(try jsonObject("ppo2", "--o2", "10/70", "--depth", "8", "--json")).isEmpty)
    }

    @Test("end: a hypoxic depth and a dense gas are warnings, with the density's limit")
    func hypoxicAndDensity() throws {
        // 0.10 × 1.2 = 0.12 bar, below the default ppo2-min of 0.18.
        #expect(Self.partialPressure(o2Percent: 10, metres: 2) == "0.12")
        let shallow = try jsonObject("end", "--o2", "10/70", "--depth", "2", "--json")
        let hypoxic = "Tx 10/70 is hypoxic at 2 m: its ppO₂ there is 0.12, below ppo2-min 0.18"
        let shallowWarnings = try warnings(shallow)
        #expect(shallowWarnings.count == 1)
        #expect(shallowWarnings.first?["code"] as? String == "hypoxic" && shallowWarnings.first?["message"] as? String == hypoxic)
        // (2 + 10) × (1 − 0.70) − 10 is below 0: the END is 0.
        #expect(shallow["end"] as? Int == 0)
        let human = sandbox.gaslog("end", "--o2", "10/70", "--depth", "2")
        #expect(human.stderr == "warning: " + hypoxic + "\n", "\(human)")

        // Tx 18/45 at 60 m: above 5.2 g/L, not above 6.2.
        let density = Self.density(o2: 0.18, he: 0.45, metres: 60)
        #expect(density == "5.7")
        let dense = try jsonObject("end", "--o2", "18/45", "--depth", "60", "--json")
        #expect((dense["density"] as? NSNumber)?.stringValue == density)
        let denseMessage = "gas density \(density) g/L (Tx 18/45 at 60 m) exceeds the recommended limit of 5.2 g/L"
        let denseWarnings = try warnings(dense)
        #expect(denseWarnings.count == 1)
        #expect(denseWarnings.first?["code"] as? String == "density" && denseWarnings.first?["message"] as? String == denseMessage)
        #expect(denseWarnings.first?["limit"] as? String == "recommended")
        #expect(Set(denseWarnings.first?.keys.map { $0 } ?? []) == ["code", "message", "limit"])
        #expect(sandbox.gaslog("end", "--o2", "18/45", "--depth", "60").stderr == "warning: " + denseMessage + "\n")
    }

    @Test("mod: a trimix denser than 6.2 g/L at its MOD has a density warning with limit maximum; the line stays beside the text only")
    func modDensity() throws {
        // (1.4 / 0.18 − 1) × 10 = 67.8 → 68 m, and the density there is above 6.2 g/L.
        let mod = expectedMOD(o2Permille: 180, ppo2Centibar: 140)
        #expect(mod == 68)
        let density = Self.density(o2: 0.18, he: 0.45, metres: Double(mod))
        #expect(density == "6.3")
        let result = sandbox.gaslog("mod", "--o2", "18/45", "--json")
        let object = try #require(json(result) as? [String: Any])
        #expect(object["mod"] as? Int == mod)
        let message = "gas density \(density) g/L (Tx 18/45 at \(mod) m) exceeds the maximum of 6.2 g/L"
        let found = try warnings(object)
        #expect(found.count == 1)
        #expect(found.first?["code"] as? String == "density" && found.first?["limit"] as? String == "maximum")
        #expect(found.first?["message"] as? String == message)
        // As before: with --json the warning is in the JSON, not on standard error.
        #expect(result.stderr.isEmpty, "\(result)")
        let human = sandbox.gaslog("mod", "--o2", "18/45")
        #expect(human.stdout.hasPrefix("Tx 18/45 — MOD \(mod) m at ppO₂ 1.4"), "\(human)")
        #expect(human.stderr == "warning: " + message + "\n", "\(human)")

        // One density rule for every gas (#35): EAN 32 at its MOD, 34 m, is above 5.2 g/L.
        #expect(Self.density(o2: 0.32, he: 0, metres: 34) == "5.8")
        #expect(try warnings(try jsonObject("mod", "--o2", "32", "--json")).map { $0["limit"] as? String } == ["recommended"])
        let best = try jsonObject("best-mix", "--depth", "30", "--json")
        // 1.4 / (30 / 10 + 1) = 0.35: EAN 35, whose MOD is 30 m, where it is 5.3 g/L.
        #expect(best["label"] as? String == "EAN 35" && best["mod"] as? Int == expectedMOD(o2Permille: 350, ppo2Centibar: 140))
        #expect(Self.density(o2: 0.35, he: 0, metres: 30) == "5.3")
        #expect(try warnings(best).map { $0["limit"] as? String } == ["recommended"])
        // The trimix for 60 m: warned exactly when its density at 60 m, worked out here, is above 5.2.
        let trimix = try jsonObject("best-mix", "--depth", "60", "--end", "30", "--json")
        let o2 = try #require(trimix["o2"] as? NSNumber).doubleValue / 100, he = try #require(trimix["he"] as? NSNumber).doubleValue / 100
        let trimixDensity = try #require(Double(Self.density(o2: o2, he: he, metres: 60)))
        #expect(try warnings(trimix).map { $0["code"] as? String } == (trimixDensity > 5.2 ? ["density"] : []), "\(trimix)")
    }

    @Test("mod CYLINDER: a deeper tag and a retired cylinder are warnings in the JSON; the text keeps its notes and no warning line")
    func tagDeeperAndRetired() throws {
        #expect(sandbox.importRows([OneDepthTests.leanerNitrox]).status == 0)
        // The diver's 33% allows (1.4 / 0.33 − 1) × 10 = 32.4 → 32 m; the tag says 34 m, from 32%.
        let allowed = expectedMOD(o2Permille: 330, ppo2Centibar: 140)
        #expect(allowed == 32 && expectedMOD(o2Permille: 320, ppo2Centibar: 140) == 34)
        let note = "the tag shows 34 m, the gas allows only \(allowed) m; re-tag the cylinder"
        let result = sandbox.gaslog("mod", "Club 01", "--json")
        let object = try #require(json(result) as? [String: Any], "\(result)")
        #expect(object["mod"] as? Int == allowed && object["tag_mod"] as? Int == 34)
        let found = try warnings(object)
        // EAN 33 at 32 m is above 5.2 g/L: the density rule's warning follows (#35).
        let density = Self.density(o2: 0.33, he: 0, metres: Double(allowed))
        #expect(density == "5.6")
        let densityLine = "warning: gas density \(density) g/L (EAN 33 at \(allowed) m) exceeds the recommended limit of 5.2 g/L\n"
        #expect(found.map { $0["code"] as? String } == ["tag_deeper", "density"])
        #expect(found.first?["message"] as? String == note && Set(found.first?.keys.map { $0 } ?? []) == ["code", "message"])
        #expect(result.stderr.isEmpty, "\(result)")
        let human = sandbox.gaslog("mod", "Club 01")
        #expect(human.stdout == "Club 01: EAN 33 — MOD \(allowed) m at ppO₂ 1.4 (from fill 1 of 2026-11-01; \(note))\n", "\(human)")
        #expect(human.stderr == densityLine, "\(human)")

        sandbox.ok("cylinder", "add", "--working-pressure", "232", "--hydro", "2026-01-01", "--visual", "2026-06-01", "--", "Old Steel")
        #expect(sandbox.gaslog("fill", "Old Steel", "--o2", "32", "--pressure", "200", "--at", "2026-11-29T10:00Z").status == 0)
        #expect(sandbox.gaslog("cylinder", "retire", "Old Steel", "--reason", "failed hydro").status == 0)
        let retired = sandbox.gaslog("mod", "Old Steel", "--json")
        let retiredObject = try #require(json(retired) as? [String: Any], "\(retired)")
        #expect(retiredObject["retired"] as? Bool == true)
        #expect(retiredObject["mod"] as? Int == expectedMOD(o2Permille: 320, ppo2Centibar: 140))
        let retiredWarnings = try warnings(retiredObject)
        #expect(retiredWarnings.map { $0["code"] as? String } == ["retired", "density"])
        #expect(retiredWarnings.first?["message"] as? String == "cylinder 'Old Steel' is retired")
        #expect(retired.stderr.isEmpty)
        let retiredText = sandbox.gaslog("mod", "Old Steel")
        #expect(retiredText.stdout == "Old Steel: EAN 32 — MOD 34 m at ppO₂ 1.4 (from fill 2 of 2026-11-29; retired)\n", "\(retiredText)")
        #expect(retiredText.stderr == "warning: gas density 5.8 g/L (EAN 32 at 34 m) exceeds the recommended limit of 5.2 g/L\n")
    }

    @Test("mod CYLINDER by an earlier name: renamed, with the current name, and today's line")
    func renamed() throws {
        #expect(sandbox.gaslog("fill", "Club 7", "--o2", "36", "--at", "2026-11-29T10:00Z").status == 0)
        #expect(sandbox.gaslog("cylinder", "rename", "Club 7", "Club 07").status == 0)
        let result = sandbox.gaslog("mod", "Club 7", "--json")
        let object = try #require(json(result) as? [String: Any], "\(result)")
        #expect(object["cylinder"] as? String == "Club 07" && object["mod"] as? Int == expectedMOD(o2Permille: 360, ppo2Centibar: 140))
        let found = try warnings(object)
        let message = "'Club 7' is an earlier name of 'Club 07'; using that cylinder"
        #expect(found.map { $0["code"] as? String } == ["renamed"])
        #expect(found.first?["message"] as? String == message && found.first?["cylinder"] as? String == "Club 07")
        // EAN 36 at 29 m is 5.13 g/L, shown 5.2: within the limit. With --json, nothing on standard error (#35).
        #expect(Self.density(o2: 0.36, he: 0, metres: 29) == "5.2")
        #expect(result.stderr.isEmpty, "\(result)")
        let human = sandbox.gaslog("mod", "Club 7")
        #expect(human.stdout.hasPrefix("Club 07: EAN 36 — MOD 29 m at ppO₂ 1.4"), "\(human)")
        #expect(human.stderr == "warning: " + message + "\n")
    }

    @Test("blend: an override is overridden with its rules, unknown facts are unknown_facts, a low pressure is other_unit")
    func blendWarnings() throws {
        sandbox.ok(
            "cylinder", "add", "--working-pressure", "232", "--hydro", "2026-01-01", "--visual", "2026-06-01", "--no-o2-clean", "--",
            "Dirty 1")
        #expect(sandbox.gaslog("fill", "Dirty 1", "--o2", "21", "--pressure", "50", "--at", "2026-11-29T10:00Z").status == 0)
        let refused = sandbox.gaslog("blend", "Dirty 1", "--target", "32", "--to", "200")
        #expect(refused.status == 65 && refused.stderr.contains("blend refused"), "\(refused)")
        let planned = sandbox.gaslog("blend", "Dirty 1", "--target", "32", "--to", "200", "--override", "cleaned today", "--json")
        let plan = try #require(json(planned) as? [String: Any], "\(planned)")
        let found = try warnings(plan)
        // EAN 32 at its MOD is 5.8 g/L, as a fill of it is told (#35).
        #expect(found.map { $0["code"] as? String } == ["overridden", "density"])
        #expect(found.first?["rules"] as? [String] == ["not_oxygen_clean"])
        let message = "planned despite: cylinder 'Dirty 1' is not oxygen-clean and pure oxygen passes through its valve"
        #expect(found.first?["message"] as? String == message)
        #expect(planned.stderr.isEmpty, "\(planned)")
        // Without --json the line is today's, with what to type.
        let human = sandbox.gaslog("blend", "Dirty 1", "--target", "32", "--to", "200", "--override", "cleaned today")
        #expect(
            human.stderrLines.first.map(String.init)
                == "warning: " + message + "; use an oxygen-clean cylinder, or once it is cleaned mark it with: "
                + "gaslog cylinder edit 'Dirty 1' --o2-clean", "\(human)")

        // A cylinder the register knows nothing about: every fact is unknown.
        #expect(sandbox.gaslog("fill", "Club 07", "--o2", "32", "--pressure", "50", "--at", "2026-11-29T10:00Z").status == 0)
        let unknown = sandbox.gaslog("blend", "Club 07", "--target", "36", "--to", "20", "--json")
        let unknownWarnings = try warnings(try #require(json(unknown) as? [String: Any], "\(unknown)"))
        #expect(unknownWarnings.map { $0["code"] as? String } == ["other_unit", "unknown_facts"])
        #expect(unknownWarnings.last?["facts"] as? [String] == ["hydro", "visual", "working_pressure", "o2_clean"])
        #expect(unknownWarnings.first?["message"] as? String == "20 bar is 290 psi; if you meant 20 psi, give it as 20psi")
        #expect(unknown.stderr.isEmpty, "\(unknown)")
        #expect(
            sandbox.gaslog("blend", "Club 07", "--target", "36", "--to", "20").stderr
                == "warning: 20 bar is 290 psi; if you meant 20 psi, write 20psi\n"
                + "warning: cylinder 'Club 07': the register does not know its last hydrostatic test, its last visual inspection, "
                + "its working pressure, whether it is oxygen-clean (pure oxygen passes through its valve); check by hand, and record "
                + "what you find with: gaslog cylinder edit 'Club 07' --hydro DATE --visual DATE --working-pressure PRESSURE "
                + "--o2-clean|--no-o2-clean\n")
    }
}
