import GaslogCore
import NitroxCalculator

/// `gaslog compressor …`: the compressor room: its register, runs, filter
/// cartridges and breathing-air tests.
enum CompressorCommand {
    static let spec = CommandSpec(
        "compressor",
        abstract: "The compressor room: compressors, their running hours, filter cartridges and breathing-air tests (EN 12021).",
        discussion: """
            A fill that names a compressor (fill --compressor, or the default-compressor setting) is \
            refused when the compressor is retired, its latest air test failed or is overdue, or its \
            filter is exhausted, unless --override is given. Filter life used is Σ hours ÷ factor at \
            each run's temperature, computed exactly: used is rounded up and remaining down.
            """,
        subcommands: [
            CommandSpec(
                "add", abstract: AddCompressor.summary.commandLine, inputs: AddCompressor.inputs,
                options: [CommonOptions.json],
                examples: ["gaslog compressor add \"Bauer 1\" --filter-hours 30 --filter-factors 10:1.4,20:1,30:0.6,40:0.35"],
                handler: { context throws(CommandError) in report(try context.run(AddCompressor.self), context) }),
            CommandSpec(
                "edit", abstract: EditCompressor.summary.commandLine, inputs: EditCompressor.inputs,
                options: [CommonOptions.json],
                examples: ["gaslog compressor edit \"Bauer 1\" --air-test-months 6", "gaslog compressor edit \"Bauer 1\" --clear note"],
                handler: { context throws(CommandError) in report(try context.run(EditCompressor.self), context) }),
            CommandSpec(
                "retire", abstract: RetireCompressor.summary.commandLine, inputs: RetireCompressor.inputs,
                options: [CommonOptions.json],
                handler: { context throws(CommandError) in report(try context.run(RetireCompressor.self), context) }),
            CommandSpec(
                "reinstate", abstract: ReinstateCompressor.summary.commandLine, inputs: ReinstateCompressor.inputs,
                options: [CommonOptions.json],
                handler: { context throws(CommandError) in report(try context.run(ReinstateCompressor.self), context) }),
            CommandSpec(
                "run", abstract: RecordCompressorRun.summary.commandLine,
                inputs: RecordCompressorRun.inputs, options: [CommonOptions.json],
                examples: ["gaslog compressor run \"Bauer 1\" --hours 1.5 --temperature 28", "gaslog compressor run \"Bauer 1\" --meter 1234.5"],
                handler: { context throws(CommandError) in report(try context.run(RecordCompressorRun.self), context) }),
            CommandSpec(
                "filter", abstract: RecordFilterChange.summary.commandLine,
                inputs: RecordFilterChange.inputs, options: [CommonOptions.json],
                handler: { context throws(CommandError) in report(try context.run(RecordFilterChange.self), context) }),
            CommandSpec(
                "test", abstract: RecordAirTest.summary.commandLine, inputs: RecordAirTest.inputs,
                options: [CommonOptions.json],
                examples: ["gaslog compressor test \"Bauer 1\" --o2 20.9 --co2 350 --co 1 --oil 0.1 --water 25 --pressure 300 --at 2026-11-30"],
                handler: test),
            CommandSpec(
                "show", abstract: ShowCompressor.summary.commandLine,
                inputs: ShowCompressor.inputs, options: [CommonOptions.json],
                handler: { context throws(CommandError) in report(try context.run(ShowCompressor.self), context) }),
            CommandSpec(
                "list", abstract: ListCompressors.summary.commandLine, inputs: ListCompressors.inputs, options: [CommonOptions.json],
                handler: list),
            CommandSpec(
                "log", abstract: ReadCompressorLog.summary.commandLine,
                inputs: ReadCompressorLog.inputs, options: [CommonOptions.json], handler: log),
        ]
    )

    static func test(_ context: CommandContext) throws(CommandError) {
        let outcome = try context.run(RecordAirTest.self)
        if context.wantsJSON { return context.output.write(outcome.encoded) }
        let test = outcome.output.test
        context.output.writeLine(
            "Air test \(test.id) of \(LocalTime.date(of: test.at).iso8601): " + verdict(test)
                + "; valid through \(test.due(months: outcome.output.airTestMonths).iso8601)")
    }

    static func list(_ context: CommandContext) throws(CommandError) {
        let outcome = try context.run(ListCompressors.self)
        if context.wantsJSON { return context.output.write(outcome.encoded) }
        let compressors = outcome.output.compressors
        guard !compressors.isEmpty else {
            return context.output.writeLine("No compressors yet. Add one with: gaslog compressor add <name> --filter-hours H")
        }
        var table = TextTable(["COMPRESSOR", "METER", "FILTER LEFT", "LAST TEST", "TEST DUE", "STATUS"])
        for result in compressors {
            let status = result.status
            table.append([
                status.compressor.name, status.meterHundredths.map(hours) ?? "", filterLeft(status),
                status.lastTest.map { LocalTime.date(of: $0.at).iso8601 + ($0.passed ? " passed" : " FAILED") } ?? "none",
                status.testDue.map { $0.iso8601 + (result.isTestOverdue ? " OVERDUE" : "") } ?? "", state(result),
            ])
        }
        context.output.write(table.text(style: context.style))
    }

    static func log(_ context: CommandContext) throws(CommandError) {
        let outcome = try context.run(ReadCompressorLog.self)
        if context.wantsJSON { return context.output.write(outcome.encoded) }
        guard !outcome.output.entries.isEmpty else {
            return context.output.writeLine("Compressor \(quoted(outcome.output.compressor)) has no runs, cartridge changes or tests yet.")
        }
        for entry in outcome.output.entries {
            let what: String
            switch entry {
            case .run(let run):
                what =
                    "run \(hours(run.hundredthsOfHours)) h" + (run.meterHundredths.map { ", meter \(hours($0))" } ?? "")
                    + (run.temperature.map { ", \($0) °C" } ?? "") + (run.operator.map { ", by \($0)" } ?? "")
            case .filter(let change):
                what = "cartridge changed" + (change.batch.map { ", batch \($0)" } ?? "")
            case .test(let test):
                what = "air test: " + verdict(test)
            }
            context.output.writeLine(LocalTime.text(of: entry.at) + "  " + what)
        }
    }

    /// Shows one compressor as `show` does, after any compressor command.
    private static func report(_ outcome: Outcome<CompressorResult>, _ context: CommandContext) {
        if context.wantsJSON { return context.output.write(outcome.encoded) }
        let result = outcome.output
        let status = result.status
        let compressor = status.compressor
        let life = status.filterLife
        var lines: [(String, String)] = [
            ("Compressor", compressor.name),
            ("Filter life", compressor.filterTenthsOfHours.map { Rational($0, 10).decimalString(maximumFractionDigits: 1) + " h" } ?? "unknown"),
            ("Filter factors", compressor.factors?.text ?? "none (factor 1)"),
            (
                "Air test every",
                (status.airTestMonths == 1 ? "month" : "\(status.airTestMonths) months") + (compressor.airTestMonths == nil ? " (the setting)" : "")
            ),
            ("Meter", status.meterHundredths.map { hours($0) + " h" } ?? "unknown"),
            (
                "Cartridge",
                status.filterChange.map { "changed " + LocalTime.text(of: $0.at) + ($0.batch.map { ", batch \($0)" } ?? "") }
                    ?? "fitted when the compressor was added"
            ),
            ("Hours run", hours(life.hoursRunHundredths) + " h since the cartridge was fitted"),
            (
                "Filter used",
                hours(life.usedHundredthsRoundedUp) + " h" + (life.remainingHundredthsRoundedDown == nil ? "" : ", " + filterLeft(status))
            ),
            (
                "Last test",
                result.failedTestText
                    ?? status.lastTest.map { test in
                        "\(LocalTime.date(of: test.at).iso8601): " + verdict(test) + "; "
                            + (result.overdueTestText ?? "valid through " + (status.testDue?.iso8601 ?? ""))
                    } ?? "none"
            ),
        ]
        if let note = compressor.note { lines.append(("Note", note.replacingLineBreaks())) }
        lines.append(("Status", state(result)))
        lines += Report.changeLines(result.changes)
        for (label, value) in lines {
            context.output.writeLine(context.style.light((label.isEmpty ? "" : label + ":").padding(to: 17)) + value)
        }
    }

    /// `passed (EN 12021:2014)`, or `FAILED: CO2, water (EN 12021:2014)`.
    private static func verdict(_ test: AirTest) -> String {
        (test.passed ? "passed" : "FAILED: " + test.failed.map(\.displayName).joined(separator: ", ")) + " (\(test.standard))"
    }

    /// `12.50 h left (41%)`, or `EXHAUSTED`.
    private static func filterLeft(_ status: CompressorStatus) -> String {
        let life = status.filterLife
        guard let remaining = life.remainingHundredthsRoundedDown, let percent = life.remainingPercentRoundedDown else { return "" }
        return status.isFilterExhausted == true ? "EXHAUSTED (\(hours(remaining)) h)" : "\(hours(remaining)) h left (\(percent)%)"
    }

    /// "retired", "in service", or what needs action.
    private static func state(_ result: CompressorResult) -> String {
        let status = result.status
        if status.compressor.isRetired { return "retired" }
        let problems = [
            status.lastTest.map { $0.passed ? nil : "air test FAILED" } ?? nil, result.isTestOverdue ? "air test OVERDUE" : nil,
            status.isFilterExhausted == true ? "filter EXHAUSTED" : nil,
        ].compactMap { $0 }
        return problems.isEmpty ? "in service" : problems.joined(separator: ", ")
    }

    /// Hundredths of an hour as `12.50`.
    private static func hours(_ hundredths: Int) -> String {
        CompressorJSON.fixed(hundredths, fractionDigits: 2)
    }
}

extension String {
    /// The text on one line: each line break a space.
    fileprivate func replacingLineBreaks() -> String {
        String(map { $0 == "\n" || $0 == "\r" ? " " : $0 })
    }
}
