import GaslogCore
import LogbookStore
import NitroxCalculator

/// The tag to stick on a filled cylinder, as `gaslog tag` prints it: the gas,
/// the MOD it allows in metres and in feet, a hypoxic mix's minimum depth as
/// large as the MOD, the analysis, the pressure, the date and who analysed it.
/// The print stylesheet prints only this, 62 mm wide, in black.
enum TagView {
    static func html(_ fill: FillRecord, unit: UnitSystem, settings: LogbookSettings) -> HTML {
        var lines: [HTML] = [#"<p class="gas">\#(fill.cylinder)</p>"#]
        do throws(LogbookError) {
            let shown = try fill.shownGas()
            let gas = shown.mix
            let gasText = "\(shown.label) (\(gas.percentText)% O₂" + (gas.hasHelium ? ", \(gas.heliumPercentText)% He)" : ")")
            lines += [
                #"<p><span class="light">for</span> <span class="gas">\#(gasText)</span> <span class="light">the MOD is</span></p>"#,
                #"<p class="mod">\#(shown.mod.metres) m</p><p class="mod">\#(shown.mod.feet) ft</p>"#,
                #"<p><span class="light">at ppO₂</span> \#(shown.partialPressure.text)</p>"#,
            ]
            // Not printed: the reprinted label is the new tag, with the depth the gas allows.
            if let note = shown.tagDeeperNoteInBothUnits { lines.append(#"<p class="problem no-print">\#(note)</p>"#) }
            lines.append(WebViews.heliumFacts(shown, unit: unit, settings: settings, bothUnits: true))
        } catch {
            lines.append(WebViews.problem(APIError.integrityMessage(error)))
        }
        if let analysis = analysis(fill) { lines.append("<p>Analysed: \(analysis)</p>") }
        lines.append("<p>Pressure: \(WebViews.pressure(fill.pressure, unit: unit))</p>")
        lines.append("<p>Filled: \(WebViews.time(fill.filledAt))</p>")
        let analysedBy = fill.diver.map { diver in diver + (fill.cert.map { " (cert \($0))" } ?? "") } ?? "not recorded"
        lines.append(#"<p class="who">Analysed by: \#(analysedBy)</p>"#)
        if fill.blender != nil || fill.recordedBy != nil { lines.append(#"<p class="who">Blender: \#(WebViews.blender(fill))</p>"#) }
        if let reason = fill.voidReason { lines.insert(#"<p class="void-banner">Void: \#(reason)</p>"#, at: 0) }
        return #"<section class="tag" aria-label="Tag for fill \#(fill.id)">\#(lines.joined(separator: "\n"))</section>"#
    }

    /// Both readings, helium included, when the diver analysed too:
    /// "blender 18/45, diver 18.5/40"; `nil` when only the blender did.
    private static func analysis(_ fill: FillRecord) -> String? {
        guard let diver = fill.diverMix else { return nil }
        guard fill.mix.hasHelium else { return "blender \(fill.mix.percentText)%, diver \(diver.percentText)%" }
        let diverReading = diver.percentText + (fill.diverHeliumPermille == nil ? "% O₂" : "/\(diver.heliumPercentText)")
        return "blender \(fill.mix.percentText)/\(fill.mix.heliumPercentText), diver " + diverReading
    }
}
