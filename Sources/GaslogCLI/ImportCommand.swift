import GaslogCore
import LogbookStore
import NitroxCalculator

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

    static let file = Argument<String>("file", completion: .files, help: "The CSV file, or - for standard input.") { path in
        guard !path.isEmpty else { throw FieldError("invalid file '': expected a path, or - for standard input") }
        return path
    }
    static let dryRun = Flag("dry-run", help: "Validate and count, but write nothing.")
    static let charge = Flag(
        "charge",
        help:
            "Charge the imported fills at this logbook's prices in force at each fill's time, with this register's volumes. Without it no charge is made: the fills were billed where they were recorded."
    )

    static func run(_ context: CommandContext) throws(CommandError) {
        let path = try context.value(file)
        let dryRun = context.isSet(Self.dryRun)
        let progress = context.showsProgress ? ProgressLine(writer: context.errors, verb: "importing:") : nil
        defer { progress?.finish() }
        let summary = try context.withLogbook { logbook throws(LogbookError) in
            let stream =
                path == "-"
                ? ByteStream(descriptor: context.standardInput, name: "standard input")
                : try ByteStream(path: path)
            let total = stream.totalBytes
            return try logbook.importFills(
                from: stream, actor: context.actor, dryRun: dryRun, charging: context.isSet(charge) ? FillCharger.self : nil
            ) {
                rows, bytes in
                progress?.update(rows: rows, fraction: total.flatMap { $0 > 0 ? Double(bytes) / Double($0) : nil })
            }
        }
        context.output.writeLine(summary.text)
    }
}
