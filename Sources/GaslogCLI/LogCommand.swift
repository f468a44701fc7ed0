import GaslogCore
import NitroxCalculator

/// `gaslog log`: the fill history, newest first.
enum LogCommand {
    /// The cylinder, as `log CYLINDER` takes it: the same as `--cylinder`,
    /// read under a key of its own so that the two can be compared.
    static let positionalCylinder = Argument<CylinderName>(
        "cylinder", key: "positional-cylinder", help: "Only this cylinder's fills (or --cylinder)."
    ).optional()

    static let spec = CommandSpec(
        "log", abstract: ReadLog.summary.commandLine, discussion: ReadLog.description?.commandLine,
        inputs: ReadLog.inputs, arguments: [positionalCylinder], options: [CommonOptions.json],
        examples: [
            "gaslog log \"Club 07\" --limit 10", "gaslog log --since 2026-01-01 --until 2026-12-31 --json",
            "gaslog log --blender Ann --gas 32 --overridden",
        ],
        handler: run
    )

    /// The filters that `log` and `export` share, read from the command line.
    static func query(_ context: CommandContext) throws(CommandError) -> FillQuery {
        try context.reading { input throws(LogbookError) in try ReadLog.query(input) }
    }

    static func run(_ context: CommandContext) throws(CommandError) {
        // `log CYLINDER` is `--cylinder CYLINDER`; both must name the same one.
        var values = try context.inputValues()
        if let text = values.text(positionalCylinder.spec.key) {
            let positional = try context.value(positionalCylinder)
            if let positional, let named = try context.value(ReadLog.cylinder), positional.key != named.key {
                throw .badValue("give the cylinder once: \(quoted(positional.text)) and --cylinder \(quoted(named.text)) differ")
            }
            values.values[positionalCylinder.spec.key] = nil
            values.values[ReadLog.cylinder.spec.name] = .text(text)
        }
        let outcome = try context.run(ReadLog.self, with: values)
        if context.wantsJSON { return context.output.write(outcome.encoded) }
        let (fills, unit) = (outcome.output.fills, outcome.output.unit)
        guard !fills.isEmpty else {
            context.output.writeLine("No fills match.")
            return
        }
        var table = TextTable([
            "ID", "FILLED", "CYLINDER", "GAS", "ppO₂", "MOD", "PRESSURE", "BLENDER", "DIVER", "CERT",
            "DIVER O2", "MARK", "NOTE",
        ])
        // The human log shows depths, so each stored MOD is checked first; --json is the record, as stored.
        let shownGases = try context.checked { () throws(LogbookError) in try fills.map { fill throws(LogbookError) in try fill.shownGas() } }
        for (fill, shown) in zip(fills, shownGases) {
            let tagDeeper = shown.tagDeeperNote(in: unit)
            let marks = [fill.isVoid ? "VOID" : nil, fill.overrideReason != nil ? "OVERRIDDEN" : nil, tagDeeper != nil ? "RE-TAG" : nil]
                .compactMap { $0 }
            let reasons = [tagDeeper, fill.voidReason.map { "void: " + $0 }, fill.overrideReason.map { "override: " + $0 }, fill.note]
            table.append([
                String(fill.id), LocalTime.text(of: fill.filledAt), fill.cylinder, shown.label,
                fill.partialPressure.text, "\(shown.depth(in: unit)) \(unit.depthSymbol)", fill.pressure?.displayText(in: unit) ?? "",
                fill.blender ?? "", fill.diver ?? "", fill.cert ?? "", fill.diverMix.map { $0.percentText + "%" } ?? "",
                marks.joined(separator: " "), reasons.compactMap { $0.map(singleLine) }.joined(separator: "; "),
            ])
        }
        context.output.write(table.text(style: context.style, fitting: context.terminalColumns, omittingEmptyColumns: true))
    }
}
