import GaslogCore
import NitroxCalculator

/// `gaslog due`: inspections that are overdue or fall due soon.
enum DueCommand {
    static let spec = CommandSpec(
        "due", abstract: ListDue.summary.commandLine, discussion: ListDue.description?.commandLine,
        inputs: ListDue.inputs,
        options: [CommonOptions.json],
        handler: run
    )

    static func run(_ context: CommandContext) throws(CommandError) {
        let outcome = try context.run(ListDue.self)
        if context.wantsJSON { return context.output.write(outcome.encoded) }
        let (rows, days) = (outcome.output.rows, outcome.output.days)
        guard !rows.isEmpty else {
            return context.output.writeLine("Nothing is overdue or due within \(days) days.")
        }
        func status(_ daysLeft: Int) -> String {
            switch daysLeft {
            case -1: "OVERDUE by 1 day"
            case ..<0: "OVERDUE by \(-daysLeft) days"
            case 0: "due today"
            case 1: "due tomorrow"
            default: "due in \(daysLeft) days"
            }
        }
        var table = TextTable(["NAME", "INSPECTION", "LAST", "VALID THROUGH", "STATUS"])
        for row in rows {
            switch row {
            case .cylinder(let inspection):
                table.append([
                    inspection.cylinder, inspection.kind == .hydro ? "hydrostatic" : "visual",
                    inspection.last.iso8601, inspection.due.iso8601, status(inspection.daysLeft),
                ])
            case .compressor(let due):
                if let last = due.last, let end = due.due, let daysLeft = due.daysLeft {
                    table.append([due.compressor + " (compressor)", "air test", last.iso8601, end.iso8601, status(daysLeft)])
                } else {
                    let percent = due.filterRemainingPercent ?? 0
                    table.append([
                        due.compressor + " (compressor)", "filter", "", "",
                        due.overdue ? "EXHAUSTED: change the cartridge" : "\(percent)% of its life left",
                    ])
                }
            }
        }
        context.output.write(table.text(style: context.style))
    }
}
