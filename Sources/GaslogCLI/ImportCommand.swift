import GaslogCore

/// `gaslog import`: reads an exported CSV fill log back, all or nothing.
enum ImportCommand {
    static let spec = CommandSpec(
        "import", abstract: ImportFills.summary.commandLine, discussion: ImportFills.description?.commandLine,
        inputs: ImportFills.inputs,
        examples: ["gaslog import fills.csv --dry-run", "gaslog export --db old.sqlite | gaslog import -"],
        handler: run
    )

    static let file = ImportFills.file
    static let dryRun = ImportFills.dryRun
    static let charge = ImportFills.charge

    static func run(_ context: CommandContext) throws(CommandError) {
        let path = try context.value(file)
        let dryRun = context.isSet(Self.dryRun)
        let progress = context.showsProgress ? ProgressLine(writer: context.errors, verb: "importing:") : nil
        defer { progress?.finish() }
        let source = ImportFills.source(path, standardInput: context.standardInput)
        let summary = try context.run(
            ImportFills(source: source, dryRun: dryRun, charging: context.isSet(charge)) { rows, bytes, total in
                progress?.update(rows: rows, fraction: total.flatMap { $0 > 0 ? Double(bytes) / Double($0) : nil })
            }
        ).summary
        context.output.writeLine(summary.text)
    }
}
