import LogbookStore
import NitroxCalculator

/// The human wording of results, shared by every command that shows a depth,
/// in the tutorial's words: "EAN 32 — MOD 34 m at ppO₂ 1.4".
enum Report {
    static func depthLine(cylinder: String?, label: String, depth: Int, unit: UnitSystem,
                          limit: OxygenPartialPressure, style: TerminalStyle) -> String {
        let prefix = cylinder.map { style.strong($0) + ": " } ?? ""
        return prefix + style.strong(label) + style.light(" — MOD ") + style.depth("\(depth) \(unit.depthSymbol)")
            + style.light(" at ppO₂ ") + style.strong(limit.text)
    }

}
