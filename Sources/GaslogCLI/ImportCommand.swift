import GaslogCore

/// `gaslog import`: reads an exported CSV fill log back, all or nothing.
enum ImportCommand {
    static let spec = CommandSpec(
        "import",
        abstract: "Import a CSV fill log as 'export' writes it: all rows or none.",
        discussion: """
            Every row is validated as 'fill' validates, and its label and MOD are recomputed; \
            a row that disagrees with the calculator is an error. One bad row imports nothing \
            (exit 65) and is reported with its line and column. A row equal to a fill already \
            in the log (same cylinder, filled_at, O2 and ppO2) is skipped and counted, so \
            importing the same file again changes nothing. Rows with a void_reason are imported \
            as void. The header must start with the export's columns, in order; a byte-order \
            mark and CRLF or LF line ends are accepted.
            """,
        arguments: [file],
        options: [dryRun, charge],
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
