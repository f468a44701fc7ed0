import LogbookStore
import NitroxCalculator

/// `gaslog export`: the fill log for a spreadsheet, an audit or another system.
enum ExportCommand {
    static let spec = CommandSpec(
        "export",
        abstract: "Export the fill log as CSV (RFC 4180, UTF-8) or JSON, in the order the fills were recorded.",
        discussion: """
            CSV columns, in this order: \(FillLogFormat.columns.joined(separator: ", ")). Empty fields are empty, \
            numbers are plain, times are UTC ISO 8601, and text cells that a spreadsheet could run \
            as a formula (starting with = + - @, a tab or a carriage return) are prefixed with an \
            apostrophe, which import removes. JSON is an array of objects with the same keys and \
            null for empty fields. Rows stream out one at a time.
            """,
        options: [
            OptionSpec("format", value: "format", choices: ["csv", "json"], help: "csv (default) or json."),
        ] + LogCommand.filterOptions + [
            OptionSpec("output", value: "file", completion: .files,
                help: "Write to this file (replaced only when complete) instead of standard output; - is standard output."),
        ],
        examples: ["gaslog export > fills.csv", "gaslog export --format json --since 2026-01-01 --output 2026.json"],
        handler: run
    )

    static func run(_ invocation: Invocation, _ context: CommandContext) throws(CommandError) {
        let format = invocation.value("format") ?? "csv"
        guard format == "csv" || format == "json" else {
            throw .badValue("invalid value \(quoted(format)) for --format: expected csv or json")
        }
        let query = try LogCommand.query(context, cylinder: nil)
        let outputPath = invocation.value("output").flatMap { $0 == "-" ? nil : $0 }
        if outputPath?.isEmpty == true {
            throw .badValue("invalid value '' for --output: expected a file path, or - for standard output")
        }
        // Open the logbook, and check the cylinder's name, before creating
        // the output, so that a refusal leaves no file behind.
        try context.withLogbook { logbook throws(LogbookError) in try logbook.openForReading(query) }

        let file = try outputPath.map { path throws(CommandError) in try AtomicFile(path: path) }
        let writer = file?.writer ?? context.output
        var count = 0
        var progress: ProgressLine?
        var total: Int?
        if context.showsProgress {
            progress = ProgressLine(writer: context.errors, verb: "exporting:")
            total = try context.withLogbook { logbook throws(LogbookError) in try logbook.countFills(query) }
        }
        defer { progress?.finish() }
        // The header goes out with the first row, or at the end when there is
        // none: a log the store refuses to read leaves standard output empty.
        func start() {
            writer.write(format == "csv" ? FillLogFormat.csvHeader : "[")
        }
        try context.withLogbook { logbook throws(LogbookError) in
            try logbook.forEachFill(query) { fill in
                if count == 0 { start() }
                if format == "csv" {
                    writer.write { FillLogFormat.appendCSVRow(fill, to: &$0) }
                } else {
                    writer.write((count == 0 ? "\n" : ",\n") + FillLogFormat.json(fill).text)
                }
                count += 1
                if count % 4096 == 0, let progress {
                    progress.update(rows: count, fraction: total.map { $0 > 0 ? Double(count) / Double($0) : 1 })
                }
            }
        }
        if count == 0 { start() }
        if format == "json" {
            writer.write(count == 0 ? "]\n" : "\n]\n")
        }
        try file?.commit()
    }
}
