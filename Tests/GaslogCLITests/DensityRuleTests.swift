import Foundation
import Testing

/// The density the README gives, worked out here in metres:
/// (1.429·fO₂ + 1.251·fN₂ + 0.1786·fHe) × (D ÷ 10 + 1) g/L.
private func density(o2: Int, he: Int, metres: Int) -> Exact {
    let surface = Exact(1429, 1000) * Exact(o2, 100) + Exact(1251, 1000) * Exact(100 - o2 - he, 100) + Exact(1786, 10000) * Exact(he, 100)
    return surface * Exact(metres + 10, 10)
}

/// The warning's `limit` the README's rule gives: above 6.2 g/L `maximum`,
/// above 5.2 `recommended`, else none.
private func limit(o2: Int, he: Int, metres: Int) -> String? {
    let grams = density(o2: o2, he: he, metres: metres)
    return grams > Exact(62, 10) ? "maximum" : grams > Exact(52, 10) ? "recommended" : nil
}

/// One decimal, rounded up, as the README shows a density.
private func densityText(o2: Int, he: Int, metres: Int) -> String {
    let grams = density(o2: o2, he: he, metres: metres)
    let tenths = (grams.numerator * 10 + grams.denominator - 1) / grams.denominator
    return "\(tenths / 10).\(tenths % 10)"
}

/// The MOD at ppO₂ 1.4, rounded to the nearest metre (the default rounding, halves down).
private func nearestMOD(o2: Int) -> Int {
    let exact = (Exact(140, o2) - Exact(1)) * Exact(10)
    let twice = exact.numerator * 2
    return (twice + exact.denominator - 1) / (2 * exact.denominator)
}

private func densityLimits(_ object: [String: Any]) -> [String] {
    (object["warnings"] as? [[String: Any]] ?? []).filter { $0["code"] as? String == "density" }.compactMap { $0["limit"] as? String }
}

/// Gases as `--o2` takes them, with their O2 and helium.
private let gases: [(text: String, o2: Int, he: Int)] = [
    ("air", 21, 0), ("32", 32, 0), ("36", 36, 0), ("50", 50, 0), ("18/45", 18, 45), ("21/35", 21, 35), ("10/70", 10, 70),
]

@Suite("One density rule for the same gas at the same depth, in every command (#35)")
struct DensityRuleTests {
    @Test("mod warns at its MOD, nitrox and air included", arguments: gases)
    func mod(_ gas: (text: String, o2: Int, he: Int)) throws {
        let sandbox = Sandbox()
        let answer = try #require(json(sandbox.ok("mod", "--o2", gas.text, "--json")) as? [String: Any])
        let metres = try #require(answer["mod"] as? Int)
        #expect(densityLimits(answer) == [limit(o2: gas.o2, he: gas.he, metres: metres)].compactMap { $0 }, "\(gas.text) at \(metres) m")
        #expect("\(answer["density"]!)" == densityText(o2: gas.o2, he: gas.he, metres: metres))
    }

    @Test("end, ppo2 and best-mix warn at the depth asked; ppo2 gives the density", arguments: [20, 30, 40, 56])
    func atDepth(_ metres: Int) throws {
        let sandbox = Sandbox()
        for gas in gases where gas.o2 * (metres + 10) <= 1600 {
            let expected = [limit(o2: gas.o2, he: gas.he, metres: metres)].compactMap { $0 }
            let end = try #require(json(sandbox.ok("end", "--o2", gas.text, "--depth", String(metres), "--json")) as? [String: Any])
            #expect(densityLimits(end) == expected, "end \(gas.text) at \(metres) m")
            let ppo2 = try #require(json(sandbox.ok("ppo2", "--o2", gas.text, "--depth", String(metres), "--json")) as? [String: Any])
            #expect(densityLimits(ppo2) == expected, "ppo2 \(gas.text) at \(metres) m")
            #expect("\(ppo2["density"] ?? "none")" == densityText(o2: gas.o2, he: gas.he, metres: metres))
        }
        let best = try #require(json(sandbox.ok("best-mix", "--depth", String(metres), "--json")) as? [String: Any])
        let o2 = try #require(best["o2"] as? Int)
        #expect(densityLimits(best) == [limit(o2: o2, he: 0, metres: metres)].compactMap { $0 }, "best-mix at \(metres) m")
    }

    @Test("fill and blend warn at the MOD of the gas recorded or planned, as mod does", arguments: gases)
    func fillAndBlend(_ gas: (text: String, o2: Int, he: Int)) throws {
        let sandbox = Sandbox()
        let metres = nearestMOD(o2: gas.o2)
        let expected = [limit(o2: gas.o2, he: gas.he, metres: metres)].compactMap { $0 }
        let fill = try #require(json(sandbox.ok("fill", "Club 07", "--o2", gas.text, "--json")) as? [String: Any])
        #expect(fill["mod_m"] as? Int == metres)
        #expect(densityLimits(fill) == expected, "fill \(gas.text) at \(metres) m")
        sandbox.ok("cylinder", "add", "Clean 1", "--o2-clean", "--volume", "12")
        let blend = sandbox.run([
            "blend", "Clean 1", "--target", gas.text, "--to", "200", "--from", "0", "--from-gas", "air", "--json",
        ])
        // A mix leaner than the top-off cannot be blended from it; the others are plans.
        guard blend.status == 0 else { return }
        let plan = try #require(json(blend) as? [String: Any])
        #expect(densityLimits(plan) == expected, "blend \(gas.text) at \(metres) m")
    }

    @Test("The issue's finding: mod of air warns of its 8.7 g/L, as end does at 56 m")
    func airAtItsMOD() throws {
        let sandbox = Sandbox()
        let mod = try #require(json(sandbox.ok("mod", "--o2", "air", "--json")) as? [String: Any])
        let metres = try #require(mod["mod"] as? Int)
        #expect(densityLimits(mod) == ["maximum"])
        #expect(
            (mod["warnings"] as? [[String: Any]])?.first?["message"] as? String
                == "gas density \(densityText(o2: 21, he: 0, metres: metres)) g/L (Air at \(metres) m) exceeds the maximum of 6.2 g/L")
        let end = try #require(json(sandbox.ok("end", "--o2", "air", "--depth", "56", "--json")) as? [String: Any])
        #expect(densityLimits(end) == ["maximum"])
    }
}
