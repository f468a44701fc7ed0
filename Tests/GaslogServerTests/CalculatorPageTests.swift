import Foundation
import Testing

@testable import GaslogServer

/// The calculators page runs the use cases in process and shows every
/// warning the CLI gives, in words, in a box that screen readers announce.
/// Figures are worked out here from the formulas, not taken from the CLI.
@Suite("The calculators page: answers by the formulas, and every warning in a role=alert box")
struct CalculatorPageTests {

    /// The page for `query`, signed in as `name`.
    static func page(_ station: Station, _ query: String, as name: String = "rita", password: String = "reader-pass-1") throws -> String {
        let (cookie, _) = try station.signIn(name, password)
        let answer = station.page("GET", "/calculators?" + query, cookie: cookie)
        #expect(answer.status == 200, "\(query)")
        return Station.text(answer)
    }

    /// The text of the warnings box, or `nil` when there is none.
    static func alert(_ html: String) -> String? {
        html.firstMatch(of: /<div class="warnings" role="alert">(.*?)<\/div>/).map { String($0.output.1) }
    }

    /// The answer, as the page's `<pre>` shows it.
    static func answer(_ html: String) -> String? {
        html.firstMatch(of: /<h3>Answer<\/h3>.*?<pre [^>]*>([^<]*)<\/pre>/).map { String($0.output.1) }
    }

    @Test("EAN 32 at 50 m: ppO₂ 1.92, with 'over 1.6: not breathable' in the alert; 20 m has no alert")
    func partialPressure() throws {
        let station = try Station()
        // 0.32 × (50 / 10 + 1) = 1.92 bar.
        let html = try Self.page(station, "calculator=ppo2&ppo2-o2=32&ppo2-depth=50")
        #expect(Self.answer(html) == "EAN 32 at 50 m — ppO₂ 1.92\n", "\(html)")
        let alert = try #require(Self.alert(html), "\(html)")
        #expect(alert.contains("ppO₂ 1.92 — over 1.6: not breathable (EAN 32 at 50 m)"), "\(alert)")
        #expect(alert.contains(#"data-warning="ppo2""#))
        // 0.32 × 3 = 0.96 bar: no box.
        let calm = try Self.page(station, "calculator=ppo2&ppo2-o2=32&ppo2-depth=20")
        #expect(Self.answer(calm) == "EAN 32 at 20 m — ppO₂ 0.96\n" && Self.alert(calm) == nil, "\(calm)")
    }

    @Test("Tx 10/70 at 2 m is hypoxic; Tx 18/45 at 60 m and at its MOD is too dense: each said in the alert")
    func hypoxicAndDensity() throws {
        let station = try Station()
        // 0.10 × 1.2 = 0.12 bar, below ppo2-min 0.18; (2 + 10) × 0.30 − 10 is below 0, so the END is 0.
        let shallow = try Self.page(station, "calculator=end&end-o2=10%2F70&end-depth=2")
        #expect(Self.answer(shallow)?.hasPrefix("Tx 10/70 at 2 m — END 0 m, density ") == true, "\(shallow)")
        let hypoxic = try #require(Self.alert(shallow), "\(shallow)")
        #expect(hypoxic.contains("Tx 10/70 is hypoxic at 2 m: its ppO₂ there is 0.12, below ppo2-min 0.18"), "\(hypoxic)")
        // The ppO₂ calculator says so too: 0.12 bar is too little oxygen to breathe.
        let low = try Self.page(station, "calculator=ppo2&ppo2-o2=10%2F70&ppo2-depth=2")
        #expect(Self.answer(low) == "Tx 10/70 at 2 m — ppO₂ 0.12\n", "\(low)")
        #expect(Self.alert(low)?.contains(#"data-warning="hypoxic""#) == true, "\(low)")

        // (1.429 × 0.18 + 1.251 × 0.37 + 0.1786 × 0.45) × 7 = 5.603 g/L, shown 5.7.
        let dense = try Self.page(station, "calculator=end&end-o2=18&end-he=45&end-depth=60")
        let recommended = try #require(Self.alert(dense), "\(dense)")
        #expect(recommended.contains("gas density 5.7 g/L (Tx 18/45 at 60 m) exceeds the recommended limit of 5.2 g/L"), "\(recommended)")

        // (1.4 / 0.18 − 1) × 10 = 67.8 → 68 m, where the density is 0.80046 × 7.8 = 6.24, shown 6.3 g/L.
        let mod = try Self.page(station, "calculator=mod&mod-o2=18%2F45")
        #expect(Self.answer(mod)?.hasPrefix("Tx 18/45 — MOD 68 m at ppO₂ 1.4, END ") == true, "\(mod)")
        let maximum = try #require(Self.alert(mod), "\(mod)")
        #expect(maximum.contains("gas density 6.3 g/L (Tx 18/45 at 68 m) exceeds the maximum of 6.2 g/L"), "\(maximum)")
        // A nitrox: 10 × (1.4 / 0.32 − 1) = 33.75 → 34 m, where it is (1.429 × 0.32 + 1.251 × 0.68) × 4.4
        // = 5.755 g/L, shown 5.8: the one density rule warns of it too (#35).
        let nitrox = try Self.page(station, "calculator=mod&mod-o2=32")
        #expect(Self.answer(nitrox) == "EAN 32 — MOD 34 m at ppO₂ 1.4\n", "\(nitrox)")
        let nitroxAlert = try #require(Self.alert(nitrox), "\(nitrox)")
        #expect(nitroxAlert.contains("gas density 5.8 g/L (EAN 32 at 34 m) exceeds the recommended limit of 5.2 g/L"), "\(nitroxAlert)")
        // EAN 50 at 18 m: (1.429 × 0.5 + 1.251 × 0.5) × 2.8 = 3.75 g/L, nothing to warn of.
        #expect(Self.alert(try Self.page(station, "calculator=mod&mod-o2=50")) == nil)
    }

    @Test("A blend plan says what the register does not know, a low bare pressure, and an earlier name; a refusal keeps its warnings")
    func blendWarnings() throws {
        let station = try Station()
        try station.cli(["fill", "Club 9", "--o2", "32", "--pressure", "50", "--at", "2026-11-29T10:00:00Z"])
        try station.cli(["cylinder", "rename", "Club 9", "Club 09"])
        let html = try Self.page(
            station, "calculator=blend&blend-cylinder=Club%209&blend-target=36&blend-to=20", as: "ada", password: "blender-pass-1")
        let alert = try #require(Self.alert(html), "\(html)")
        #expect(alert.contains(#"data-warning="other_unit""#) && alert.contains("20 bar is 290 psi; if you meant 20 psi, give it as 20psi"))
        #expect(alert.contains(#"data-warning="renamed""#) && alert.contains("&#39;Club 9&#39; is an earlier name of &#39;Club 09&#39;"), "\(alert)")
        #expect(alert.contains(#"data-warning="unknown_facts""#) && alert.contains("the register does not know its last hydrostatic test"))
        #expect(Self.answer(html)?.hasPrefix("Club 09: from 50 bar of EAN 32 to 20 bar of EAN 36\n") == true, "\(html)")

        // No fill to start from: the refusal, and beside it the warning about the pressure.
        let refused = try Self.page(
            station, "calculator=blend&blend-cylinder=Nobody&blend-target=36&blend-to=20", as: "ada", password: "blender-pass-1")
        #expect(refused.contains(#"<p class="problem" role="alert">cylinder &#39;Nobody&#39; has no fill in the log</p>"#), "\(refused)")
        #expect(Self.alert(refused)?.contains("20 bar is 290 psi") == true, "\(refused)")
    }
}
