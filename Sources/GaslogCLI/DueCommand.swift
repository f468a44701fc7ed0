import GaslogCore
import LogbookStore
import NitroxCalculator

/// `gaslog due`: inspections that are overdue or fall due soon.
enum DueCommand {
    static let spec = CommandSpec(
        "due",
        abstract: "List cylinders whose hydrostatic test or visual inspection is overdue or falls due soon, soonest first.",
        discussion: """
            An inspection is valid through its due date: the last one plus hydro-interval-years or \
            visual-interval-months (a month-end date clamps, so 2024-02-29 plus one year is 2025-02-28). \
            Retired cylinders and unknown dates are left out.
            """,
        options: [
            ListDue.within,
            CommonOptions.json,
        ],
        handler: run
    )

    static func run(_ context: CommandContext) throws(CommandError) {
        let outcome = try context.run(ListDue.self)
        if context.wantsJSON { return context.output.write(outcome.encoded) }
        let (due, days) = (outcome.output.inspections, outcome.output.days)
        guard !due.isEmpty else {
            return context.output.writeLine("Nothing is overdue or due within \(days) days.")
        }
        var table = TextTable(["CYLINDER", "INSPECTION", "LAST", "VALID THROUGH", "STATUS"])
        for inspection in due {
            let status =
                switch inspection.daysLeft {
                case -1: "OVERDUE by 1 day"
                case ..<0: "OVERDUE by \(-inspection.daysLeft) days"
                case 0: "due today"
                case 1: "due tomorrow"
                default: "due in \(inspection.daysLeft) days"
                }
            table.append([
                inspection.cylinder, inspection.kind == .hydro ? "hydrostatic" : "visual",
                inspection.last.iso8601, inspection.due.iso8601, status,
            ])
        }
        context.output.write(table.text(style: context.style))
    }
}
