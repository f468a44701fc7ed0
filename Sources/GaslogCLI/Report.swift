import GaslogCore
import NitroxCalculator

/// The human wording of results, shared by every command that shows a depth,
/// in the tutorial's words: "EAN 32 — MOD 34 m at ppO₂ 1.4".
enum Report {
    /// The register's changes as `show` lists them: the first under
    /// "Changes", each with its time, kind, account and the facts it changed.
    static func changeLines(_ changes: [RegisterChange]) -> [(String, String)] {
        changes.enumerated().map { index, change in
            let fields = change.fields.map { "\($0.name) \($0.before) → \($0.after)" }.joined(separator: ", ")
            let actor = change.actor.isEmpty ? "" : " by \(change.actor)"
            return (index == 0 ? "Changes" : "", LocalTime.text(of: change.at) + "  " + change.kind + actor + (fields.isEmpty ? "" : ": " + fields))
        }
    }

    /// "Club 07: EAN 32 — MOD 34 m at ppO₂ 1.4": the core's words, styled for the terminal.
    static func depthLine(
        cylinder: String?, label: String, depth: Int, unit: UnitSystem,
        limit: OxygenPartialPressure, style: TerminalStyle
    ) -> String {
        ResultText.depthLine(cylinder: cylinder, label: label, depth: depth, unit: unit, limit: limit, style: style)
    }

    /// ` — END 30 m, 5.3 g/L; minimum depth 8 m` for a mix with helium.
    static func heliumText(_ facts: MixFacts, style: TerminalStyle) -> String {
        ResultText.heliumText(facts, style: style)
    }

    /// That the cylinder is retired, passed-over fills, and a deeper tag.
    static func currentGasNotes(_ gas: CurrentGas, shown: ShownGas?, unit: UnitSystem) -> [String] {
        ResultText.currentGasNotes(gas, shown: shown, unit: unit)
    }

    /// "from fill 12 of 2026-11-28; fill 14 is void".
    static func provenance(_ gas: CurrentGas, _ fill: FillRecord, shown: ShownGas, unit: UnitSystem) -> String {
        ResultText.provenance(gas, fill, shown: shown, unit: unit)
    }

    /// Why a cylinder has no current gas, in a table cell.
    static func absence(_ gas: CurrentGas) -> String {
        guard gas.hasFills else { return "has no fills yet" }
        return gas.passedOver.contains { $0.reason == .future }
            ? "no current gas (fills void or dated in the future)" : "no current gas (all fills void)"
    }

}
