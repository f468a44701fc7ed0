import LogbookStore
import NitroxCalculator

/// The tag to stick on a filled cylinder, as `gaslog tag` prints it: the gas,
/// the MOD in metres and in feet, the analysis, the pressure, the date and
/// who analysed it. The print stylesheet prints only this, 62 mm wide.
enum TagView {
    static func html(_ fill: FillRecord, unit: UnitSystem) -> String {
        let gasText =
            "\(fill.label) (\(fill.labelMix.percentText)% O₂" + (fill.labelMix.hasHelium ? ", \(fill.labelMix.heliumPercentText)% He)" : ")")
        var lines = [
            #"<p class="gas">\#(HTML.escape(fill.cylinder))</p>"#,
            #"<p><span class="light">for</span> <span class="gas">\#(HTML.escape(gasText))</span> <span class="light">the MOD is</span></p>"#,
            #"<p class="mod">\#(fill.modMetres) m</p><p class="mod">\#(fill.modFeet) ft</p>"#,
            #"<p><span class="light">at ppO₂</span> \#(fill.partialPressure.text)</p>"#,
        ]
        if fill.tagUnderstatesOxygen {
            let depth = MaximumOperatingDepth(mix: fill.referenceMix, partialPressure: fill.partialPressure, rounding: fill.rounding)
            lines.append(
                #"<p class="problem">The richer reading, \#(fill.referenceMix.percentText)%, allows only \#(depth.metres) m / \#(depth.feet) ft.</p>"#
            )
        }
        if let diver = fill.diverMix {
            lines.append("<p>Analysed: blender \(fill.mix.percentText)%, diver \(diver.percentText)%</p>")
        }
        lines.append("<p>Pressure: \(WebViews.pressure(fill.pressure, unit: unit))</p>")
        lines.append("<p>Filled: \(WebViews.time(fill.filledAt))</p>")
        let analysedBy = fill.diver.map { diver in diver + (fill.cert.map { " (cert \($0))" } ?? "") } ?? "not recorded"
        lines.append("<p>Analysed by: \(HTML.escape(analysedBy))</p>")
        if let blender = fill.blender { lines.append("<p>Blender: \(HTML.escape(blender))</p>") }
        if let reason = fill.voidReason { lines.insert(#"<p class="void-banner">Void: \#(HTML.escape(reason))</p>"#, at: 0) }
        return #"<section class="tag" aria-label="Tag for fill \#(fill.id)">\#(lines.joined(separator: "\n"))</section>"#
    }
}
