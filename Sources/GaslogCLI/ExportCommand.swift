import GaslogCore
import NitroxCalculator

/// `gaslog export`: the fill log for a spreadsheet, an audit or another system.
enum ExportCommand {
    static let spec = CommandSpec(
        "export", abstract: ExportFills.summary.commandLine, discussion: ExportFills.description?.commandLine,
        inputs: ExportFills.inputs,
        options: [output],
        examples: ["gaslog export > fills.csv", "gaslog export --format json --since 2026-01-01 --output 2026.json"],
        handler: run
    )

    /// The file to write; `nil` for standard output.
    static let output = Option<String?>(
        "output", value: "file", completion: .files,
        help: "Write to this file (replaced only when complete) instead of standard output; - is standard output."
    ) { path in
        guard !path.isEmpty else { throw FieldError("expected a file path, or - for standard output") }
        return path == "-" ? nil : path
    }

    static func run(_ context: CommandContext) throws(CommandError) {
        let export = try context.reading { input throws(LogbookError) in try ExportFills(input) }
        let outputPath = try context.value(output) ?? nil
        // Open the logbook, and check the cylinder's name, before creating
        // the output, so that a refusal leaves no file behind.
        try context.checked { () throws(LogbookError) in try export.open(in: context.session) }
        context.printWarnings()

        let file = try outputPath.map { path throws(CommandError) in try AtomicFile(path: path) }
        let writer = file?.writer ?? context.output
        var progress: ProgressLine?
        var total: Int?
        if context.showsProgress {
            progress = ProgressLine(writer: context.errors, verb: "exporting:")
            total = try context.checked { () throws(LogbookError) in try export.count(in: context.session) }
        }
        defer { progress?.finish() }
        try context.checked { () throws(LogbookError) in
            let rows = try export.write(in: context.session, to: writer) { count in
                progress?.update(rows: count, fraction: total.map { $0 > 0 ? Double(count) / Double($0) : 1 })
            }
            progress?.update(rows: rows, fraction: 1)
        }
        try file?.commit()
    }
}
