import Foundation
import Testing

/// A fill or plan as the oxygen rule's cases type it: a start, a mix, a pressure and a top-off.
private struct DecantCase: CustomStringConvertible {
    let startBar: Int, start: (o2: Exact, he: Exact), startText: String
    let mix: (o2: Exact, he: Exact), mixText: String
    let topOff: Exact, topOffText: String
    let bar = 200

    /// The README's rule, worked out here: with the pressures, the ideal
    /// gas's O = Δo − T·tₒ (T = Δn ÷ tₙ; a small negative O is zero) above
    /// 1 % of V·P; V cancels, so it is left out.
    var addsOxygen: Bool { oxygenPerLitre > Exact(bar, 100) }

    /// O per litre of water volume, clamped at zero.
    var oxygenPerLitre: Exact {
        let addedOxygen = Exact(bar) * mix.o2 - Exact(startBar) * start.o2
        let addedNitrogen = Exact(bar) * (Exact(1) - mix.o2 - mix.he) - Exact(startBar) * (Exact(1) - start.o2 - start.he)
        let oxygen = addedOxygen - addedNitrogen / (Exact(1) - topOff) * topOff
        return oxygen < Exact(0) ? Exact(0) : oxygen
    }

    /// Whether the start gives the mix by adding gas alone: no bleed, so
    /// that the pressure rule applies.
    var isReachableByAdding: Bool {
        let addedHelium = Exact(bar) * mix.he - Exact(startBar) * start.he
        let addedNitrogen = Exact(bar) * (Exact(1) - mix.o2 - mix.he) - Exact(startBar) * (Exact(1) - start.o2 - start.he)
        let addedOxygen = Exact(bar) * mix.o2 - Exact(startBar) * start.o2
        let oxygen = addedOxygen - addedNitrogen / (Exact(1) - topOff) * topOff
        return !(addedHelium < Exact(0)) && !(addedNitrogen < Exact(0)) && !(oxygen < Exact(-bar, 100))
    }

    var description: String { "\(mixText) at \(bar) bar from \(startBar) bar of \(startText), top-off \(topOffText)" }
}

/// The share rule without pressures: (o − tₒ·(1 − h)) ÷ (1 − tₒ) above 0.01.
private func sharePassesRule(_ mix: (o2: Exact, he: Exact), topOff: Exact) -> Bool {
    (mix.o2 - topOff * (Exact(1) - mix.he)) / (Exact(1) - topOff) > Exact(1, 100)
}

private func percent(_ text: String) -> Exact {
    let parts = text.split(separator: ".")
    return parts.count == 1 ? Exact(Int(text)!, 100) : Exact(Int(parts[0])! * 10 + Int(parts[1])!, 1000)
}

/// O2/helium as the tests type a gas: "32", "21.4", "18/45".
private func gas(_ text: String) -> (o2: Exact, he: Exact) {
    let parts = text.split(separator: "/").map(String.init)
    return (percent(parts[0]), parts.count > 1 ? percent(parts[1]) : Exact(0))
}

private let mixes = ["21", "21.4", "22", "32", "36", "40", "18/45", "21/35", "21/79", "10/70", "100"]
private let starts = [(0, "21"), (50, "21"), (100, "32"), (60, "18/45"), (150, "21/79")]
private let topOffs = ["21", "32"]

/// Every case whose start gives the mix by adding gas.
private let reachableCases: [DecantCase] = starts.flatMap { start in
    mixes.flatMap { mix in
        topOffs.map { topOff in
            DecantCase(
                startBar: start.0, start: gas(start.1), startText: start.1, mix: gas(mix), mixText: mix, topOff: percent(topOff),
                topOffText: topOff)
        }
    }
}.filter(\.isReachableByAdding)

extension Sandbox {
    /// A registered 12 L cylinder, marked not oxygen-clean, in test and rated to 300 bar.
    func dirtyCylinder(_ name: String) {
        ok(
            "cylinder", "add", name, "--no-o2-clean", "--volume", "12", "--working-pressure", "300", "--hydro", "2026-01-01", "--visual",
            "2026-06-01")
    }

    /// The rules of a `--json` error on standard error, or `nil` when the command succeeded.
    func refusedRules(_ arguments: [String]) throws -> [String]? {
        let result = run(arguments + ["--json"])
        if result.status == 0 { return nil }
        let error = try #require(
            (try? JSONSerialization.jsonObject(with: Data(result.stderr.utf8))) as? [String: [String: Any]], "\(result)")
        return try #require(error["error"]?["rules"] as? [String], "\(result)")
    }
}

@Suite("Oxygen-clean whenever a fill or a plan decants pure oxygen (#35)")
struct OxygenCleanRuleTests {
    @Test("The cases' list is big enough, and both answers occur")
    func enoughCases() {
        #expect(reachableCases.count >= 40)
        #expect(reachableCases.contains { $0.addsOxygen })
        #expect(reachableCases.contains { !$0.addsOxygen })
    }

    @Test("fill refuses not_oxygen_clean exactly when its oxygen O is above 1 % of V·P", arguments: reachableCases)
    fileprivate func fillByPressures(_ decant: DecantCase) throws {
        let sandbox = Sandbox()
        // Only the decanting rule: no mix is above this threshold.
        sandbox.ok("config", "set", "o2-clean-above", "100")
        sandbox.dirtyCylinder("Steel 1")
        let rules = try sandbox.refusedRules([
            "fill", "Steel 1", "--o2", decant.mixText, "--pressure", "200", "--from", String(decant.startBar), "--from-gas",
            decant.startText, "--top-off", decant.topOffText,
        ])
        #expect(rules == (decant.addsOxygen ? ["not_oxygen_clean"] : nil), "\(decant)")
        let fills = sandbox.query("SELECT count(*) FROM fills")
        #expect(fills == (decant.addsOxygen ? "0" : "1"), "\(decant)")
    }

    @Test("blend refuses the same plans by the same rule", arguments: reachableCases)
    fileprivate func blendByPressures(_ decant: DecantCase) throws {
        let sandbox = Sandbox()
        sandbox.ok("config", "set", "o2-clean-above", "100")
        sandbox.dirtyCylinder("Steel 1")
        let result = sandbox.run([
            "blend", "Steel 1", "--target", decant.mixText, "--to", "200", "--from", String(decant.startBar), "--from-gas",
            decant.startText, "--top-off", decant.topOffText, "--json",
        ])
        // A plan the top-off cannot reach is refused for that, not for oxygen.
        if result.stderr.contains("\"rules\":[]") { return }
        let refused = result.status != 0
        #expect(refused == decant.addsOxygen, "\(decant): \(result)")
        if refused { #expect(result.stderr.contains("\"rules\":[\"not_oxygen_clean\"]"), "\(result)") }
    }

    @Test("Without --from, the share of pure oxygen decides", arguments: mixes, topOffs)
    func fillByShare(_ mix: String, _ topOff: String) throws {
        let sandbox = Sandbox()
        sandbox.ok("config", "set", "o2-clean-above", "100")
        sandbox.dirtyCylinder("Steel 1")
        let rules = try sandbox.refusedRules(["fill", "Steel 1", "--o2", mix, "--pressure", "200", "--top-off", topOff])
        let expected = sharePassesRule(gas(mix), topOff: percent(topOff))
        #expect(rules == (expected ? ["not_oxygen_clean"] : nil), "\(mix) topped off with \(topOff)")
    }

    @Test("The issue's fill: EAN 32 from empty, topped off with air, names its 334 L; an override records it")
    func issueExample() throws {
        let sandbox = Sandbox()
        sandbox.dirtyCylinder("Steel 1")
        let arguments = ["fill", "Steel 1", "--o2", "32", "--pressure", "200", "--from", "0", "--top-off", "air"]
        let refused = sandbox.run(arguments)
        #expect(refused.status == 65)
        // 12 L × 200 bar × (0.32 − 0.21·0.68/0.79): 26400/79 = 334.18 L.
        let litres = wholeLitres(Exact(12 * 200) * (Exact(32, 100) - Exact(21, 100) * Exact(68, 100) / Exact(79, 100)))
        #expect(
            refused.stderr.contains(
                "cylinder 'Steel 1' is not oxygen-clean, and this fill decants pure oxygen into it (\(litres) L)"),
            "\(refused)")
        // Both rules broken (EAN 50 is above o2-clean-above 40): reported once.
        let both = try sandbox.refusedRules(["fill", "Steel 1", "--o2", "50", "--pressure", "200", "--from", "0"])
        #expect(both == ["not_oxygen_clean"])
        #expect(sandbox.query("SELECT count(*) FROM fills") == "0")
        #expect(sandbox.run(arguments + ["--override", "cleaned last week, paperwork pending"]).status == 0)
        #expect(sandbox.query("SELECT override_reason FROM fills") == "cleaned last week, paperwork pending")
    }

    @Test("Air read high adds no oxygen; a cylinder of unknown cleanliness is warned, with the litres left out when its volume is unknown")
    func unknownCleanliness() throws {
        let sandbox = Sandbox()
        sandbox.dirtyCylinder("Steel 1")
        sandbox.ok("fill", "Steel 1", "--o2", "21.4", "--pressure", "200", "--from", "0")
        sandbox.ok("cylinder", "add", "Unknown 1")
        let result = sandbox.ok("fill", "Unknown 1", "--o2", "32", "--pressure", "200", "--from", "0", "--json")
        let warnings = try #require((json(result) as? [String: Any])?["warnings"] as? [[String: Any]])
        let facts = try #require(warnings.first { $0["code"] as? String == "unknown_facts" }?["facts"] as? [String])
        #expect(facts.contains("o2_clean"))
    }
}
