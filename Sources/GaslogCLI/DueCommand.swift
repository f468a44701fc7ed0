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
            within,
            CommonOptions.json,
        ],
        handler: run
    )

    static let within = Option<Int>(
        "within", value: "days", schema: .integer(minimum: 0, maximum: 3650),
        help: "Include inspections due within this many days, 0 to 3650 (default 30)."
    ) {
        try WholeNumber.parse($0, in: 0...3650, what: "number of days")
    }

    static func run(_ context: CommandContext) throws(CommandError) {
        let days = try context.value(within) ?? 30
        let due = try context.withLogbook { logbook throws(LogbookError) in try logbook.dueInspections(within: days) }
        if context.wantsJSON {
            return context.emit(
                lines: due.map { inspection in
                    .object([
                        ("cylinder", .string(inspection.cylinder)),
                        ("inspection", .string(inspection.kind == .hydro ? "hydrostatic" : "visual")),
                        ("last", .string(inspection.last.iso8601)),
                        ("due", .string(inspection.due.iso8601)),
                        ("days_left", .integer(inspection.daysLeft)),
                        ("overdue", .bool(inspection.daysLeft < 0)),
                    ])
                })
        }
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
