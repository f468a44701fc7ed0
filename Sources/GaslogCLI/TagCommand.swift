import GaslogCore
import NitroxCalculator

/// `gaslog tag`: the label to stick on a filled cylinder.
enum TagCommand {
    static let spec = CommandSpec(
        "tag", abstract: ShowTag.summary.commandLine,
        inputs: ShowTag.inputs,
        options: [CommonOptions.json],
        examples: ["gaslog tag 17"],
        handler: run
    )

    static func run(_ context: CommandContext) throws(CommandError) {
        let outcome = try context.run(ShowTag.self)
        if context.wantsJSON { return context.output.write(outcome.encoded) }
        let (fill, unit, shown, settings, facts) = (
            outcome.output.fill, outcome.output.unit, outcome.output.shown, outcome.output.settings, outcome.output.facts
        )
        let gas = shown.mix
        var lines = [
            ("Cylinder", fill.cylinder),
            ("Gas", "\(shown.label) (\(gas.percentText)% O2" + (gas.hasHelium ? ", \(gas.heliumPercentText)% He)" : ")")),
            ("MOD", "\(shown.mod.metres) m / \(shown.mod.feet) ft at ppO₂ \(shown.partialPressure.text)"),
        ]
        if let note = shown.tagDeeperNoteInBothUnits { lines.append(("WARNING", note)) }
        if gas.hasHelium {
            // The same facts as `mod CYLINDER`; a hypoxic mix's minimum depth is an instruction.
            if let instruction = shown.hypoxicInstructionInBothUnits(settings: settings) { lines.append(("HYPOXIC", instruction)) }
            lines.append(("At the MOD", "END \(facts.equivalentNarcoticDepth) \(unit.depthSymbol), density \(facts.densityText) g/L"))
            if let warning = facts.densityWarning { lines.append(("WARNING", warning)) }
        }
        lines += [
            ("Analysis", analysis(fill)),
            ("Pressure", fill.pressure?.displayText(in: unit) ?? "not recorded"),
            ("Filled", LocalTime.text(of: fill.filledAt)),
            ("Analysed by", fill.diver.map { diver in diver + (fill.cert.map { " (cert \($0))" } ?? "") } ?? "not recorded"),
        ]
        if let blender = fill.blender { lines.append(("Blender", blender)) }
        if let reason = fill.voidReason { lines.insert(("VOID", singleLine(reason)), at: 0) }
        let body = lines.map { ($0.0 + ":").padding(to: 13) + $0.1 }
        let width = (body.map(DisplayWidth.of).max() ?? 0) + 2
        let rule = "+" + String(repeating: "-", count: width) + "+"
        context.output.writeLine(rule)
        for line in body {
            context.output.writeLine("| " + line.padding(to: width - 2) + " |")
        }
        context.output.writeLine(rule)
    }
}

/// Both readings, and which one the label and MOD use.
private func analysis(_ fill: FillRecord) -> String {
    if fill.mix.hasHelium {
        let blender = "blender \(fill.mix.percentText)/\(fill.mix.heliumPercentText)"
        guard let diver = fill.diverMix else { return blender + "; the tag uses it" }
        let diverHelium = fill.diverHeliumPermille == nil ? " O2" : "/\(diver.heliumPercentText)"
        return blender + ", diver \(diver.percentText)\(diverHelium); the tag: higher O2, lower He"
    }
    let blender = "blender \(fill.mix.percentText)%"
    guard let diver = fill.diverMix else { return blender + "; the MOD uses it" }
    let source = fill.referenceMix == fill.mix ? "the blender's" : "the diver's"
    return blender + ", diver \(diver.percentText)%; the MOD uses " + source + " \(fill.referenceMix.percentText)%"
}
