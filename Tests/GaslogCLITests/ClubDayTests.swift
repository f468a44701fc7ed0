import Foundation
import Testing

@Suite("A club day without surprises (issue 12, in part) through the built binary")
struct ClubDayTests {
    @Test("fill echoes the stored pressure, and a bare number under 50 bar warns with the other reading")
    func pressureInTheWrongUnit() {
        let sandbox = Sandbox()
        let imperial = sandbox.gaslog("fill", "A", "--o2", "32", "--pressure", "232", "--unit", "imperial", "--at", "2026-01-01")
        #expect(imperial.status == 0)
        #expect(imperial.stdout.contains(", 232 psi)"), "\(imperial)")
        #expect(imperial.stderr.contains("warning: 232 psi is 16 bar; if you meant 232 bar, write 232bar"), "\(imperial)")
        let metric = sandbox.gaslog("fill", "A", "--o2", "32", "--pressure", "30", "--at", "2026-01-02")
        #expect(metric.stderr.contains("warning: 30 bar is 435 psi; if you meant 30 psi, write 30psi"), "\(metric)")
        for quiet in [["--pressure", "232"], ["--pressure", "3000", "--unit", "imperial"], ["--pressure", "232psi"], ["--pressure", "30bar"]] {
            let result = sandbox.run(["fill", "A", "--o2", "32", "--at", "2026-01-03"] + quiet)
            #expect(result.status == 0 && !result.stderr.contains("if you meant"), "\(quiet): \(result)")
        }
        #expect(sandbox.gaslog("fill", "A", "--o2", "32", "--pressure", "3000psi", "--at", "2026-01-04").stdout.contains(", 206.8 bar)"))
        // What is left in a cylinder before a blend may well be under 50 bar.
        #expect(!sandbox.gaslog("blend", "A", "--target", "32", "--to", "200", "--from", "30", "--from-gas", "air").stderr.contains("if you meant"))
    }
}
