import LogbookStore
import NitroxCalculator

/// The human wording of results, shared by every front end that shows a
/// depth, in the tutorial's words: "EAN 32 — MOD 34 m at ppO₂ 1.4".
public enum ResultText {
    /// "Club 07: EAN 32 — MOD 34 m at ppO₂ 1.4", or without the cylinder.
    public static func depthLine(
        cylinder: String?, label: String, depth: Int, unit: UnitSystem, limit: OxygenPartialPressure, style: some TextStyle
    ) -> String {
        let prefix = cylinder.map { style.strong($0) + ": " } ?? ""
        return prefix + style.strong(label) + style.light(" — MOD ") + style.depth("\(depth) \(unit.depthSymbol)")
            + style.light(" at ppO₂ ") + style.strong(limit.text)
    }

    /// ` — END 30 m, 5.3 g/L; minimum depth 8 m` for a mix with helium at a
    /// depth; empty for nitrox, whose line stays as it was.
    public static func heliumText(_ facts: MixFacts, style: some TextStyle) -> String {
        guard facts.mix.hasHelium else { return "" }
        let symbol = facts.depth.unit.depthSymbol
        var text =
            style.light(", END ") + style.strong("\(facts.equivalentNarcoticDepth) \(symbol)") + style.light(", density ")
            + style.strong("\(facts.densityText) g/L")
        if let minimum = facts.minimumDepth {
            text += style.light("; hypoxic: minimum depth ") + style.strong("\(minimum) \(symbol)")
        }
        return text
    }

    /// What a reader of a cylinder's current gas must know besides the gas:
    /// that the cylinder is retired, which newer fills were passed over and
    /// why, and whether the tag shows a deeper MOD than the richer reading
    /// allows. Empty when there is nothing to say.
    public static func currentGasNotes(_ gas: CurrentGas, shown: ShownGas?, unit: UnitSystem) -> [String] {
        var notes: [String] = []
        if gas.cylinder.isRetired { notes.append("retired") }
        let voids = gas.passedOver.filter { $0.reason == .void }.map { String($0.id) }
        if voids.count == 1 {
            notes.append("fill \(voids[0]) is void")
        } else if !voids.isEmpty {
            notes.append("fills \(voids.joined(separator: ", ")) are void")
        }
        for future in gas.passedOver where future.reason == .future {
            notes.append("fill \(future.id) of \(LocalTime.date(of: future.filledAt).iso8601) is dated in the future and passed over")
        }
        if let note = shown?.tagDeeperNote(in: unit) { notes.append(note) }
        return notes
    }

    /// Where the current gas comes from, then the notes above:
    /// "from fill 12 of 2026-11-28; fill 14 is void".
    public static func provenance(_ gas: CurrentGas, _ fill: FillRecord, shown: ShownGas, unit: UnitSystem) -> String {
        (["from fill \(fill.id) of \(LocalTime.date(of: fill.filledAt).iso8601)"] + currentGasNotes(gas, shown: shown, unit: unit))
            .joined(separator: "; ")
    }

    /// "EAN 32 at 30 m — EAD 25 m": a figure of a mix at a depth.
    public static func atDepth(_ mix: GasMix, _ depth: Depth, name: String, shown: String, style: some TextStyle) -> String {
        style.strong(mix.label) + style.light(" at ") + style.strong("\(depth.text) \(depth.unit.depthSymbol)")
            + style.light(" — \(name) ") + style.depth(shown) + "\n"
    }
}
