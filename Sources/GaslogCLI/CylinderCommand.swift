import GaslogCore
import NitroxCalculator

/// `gaslog cylinder …`: the cylinder register.
enum CylinderCommand {
    static let spec = CommandSpec(
        "cylinder",
        abstract: "The cylinder register: serials, sizes, working pressures, inspection dates and oxygen service.",
        discussion: """
            Cylinders that 'fill' creates have no details until they are edited. A retired cylinder \
            cannot be filled; it is never deleted, and its fills stay in the log.
            """,
        subcommands: [
            CommandSpec(
                "add", abstract: AddCylinder.summary.commandLine, inputs: AddCylinder.inputs, options: [CommonOptions.json],
                examples: [
                    "gaslog cylinder add \"Club 07\" --serial AB1234 --volume 12 --working-pressure 232 --hydro 2024-03-01 --visual 2026-03-01 --o2-clean"
                ],
                handler: add),
            CommandSpec(
                "edit", abstract: EditCylinder.summary.commandLine, inputs: EditCylinder.inputs,
                options: [CommonOptions.json], ownOptionsBefore: RegisterOptions.clear.input,
                examples: ["gaslog cylinder edit \"Club 07\" --visual 2026-11-29", "gaslog cylinder edit \"Club 07\" --clear owner"],
                handler: edit),
            CommandSpec(
                "rename", abstract: RenameCylinder.summary.commandLine,
                inputs: RenameCylinder.inputs, options: [CommonOptions.json],
                examples: ["gaslog cylinder rename \"Clbu 03\" \"Club 03\""], handler: rename),
            CommandSpec(
                "show", abstract: ShowCylinder.summary.commandLine,
                inputs: ShowCylinder.inputs, options: [CommonOptions.json], handler: show),
            CommandSpec(
                "list", abstract: ListRegister.summary.commandLine,
                inputs: ListRegister.inputs, options: [CommonOptions.json], handler: list),
            CommandSpec(
                "retire", abstract: RetireCylinder.summary.commandLine, inputs: RetireCylinder.inputs,
                options: [CommonOptions.json],
                handler: retire),
            CommandSpec(
                "reinstate", abstract: ReinstateCylinder.summary.commandLine,
                inputs: ReinstateCylinder.inputs, options: [CommonOptions.json],
                examples: ["gaslog cylinder reinstate \"Club 07\" --reason \"passed hydro after repair\""],
                handler: reinstate),
        ]
    )

    static func add(_ context: CommandContext) throws(CommandError) {
        report(try context.run(AddCylinder.self), context)
    }

    static func edit(_ context: CommandContext) throws(CommandError) {
        report(try context.run(EditCylinder.self), context)
    }

    static func show(_ context: CommandContext) throws(CommandError) {
        // The report's current gas says that the cylinder is retired, or that its tag shows a deeper MOD.
        let outcome = try context.run(ShowCylinder.self) { warning in
            switch warning {
            case .retired, .tagDeeper: true
            default: false
            }
        }
        report(outcome, context)
    }

    static func rename(_ context: CommandContext) throws(CommandError) {
        report(try context.run(RenameCylinder.self), context)
    }

    static func reinstate(_ context: CommandContext) throws(CommandError) {
        report(try context.run(ReinstateCylinder.self), context)
    }

    static func retire(_ context: CommandContext) throws(CommandError) {
        report(try context.run(RetireCylinder.self), context)
    }

    static func list(_ context: CommandContext) throws(CommandError) {
        let outcome = try context.run(ListRegister.self)
        if context.wantsJSON { return context.output.write(outcome.encoded) }
        let (cylinders, settings, unit, today) = (outcome.output.cylinders, outcome.output.settings, outcome.output.unit, outcome.output.today)
        guard !cylinders.isEmpty else {
            return context.output.writeLine("No cylinders yet. Add one with: gaslog cylinder add <name>")
        }
        var table = TextTable(["CYLINDER", "SERIAL", "OWNER", "VOLUME", "WORKING", "HYDRO DUE", "VISUAL DUE", "O2-CLEAN", "STATUS"])
        for cylinder in cylinders {
            let hydroOverdue = cylinder.isHydroOverdue(settings, today: today)
            let visualOverdue = cylinder.isVisualOverdue(settings, today: today)
            table.append([
                cylinder.name, cylinder.serial ?? "", cylinder.owner ?? "",
                cylinder.volume?.displayText(in: unit, workingPressure: cylinder.workingPressure) ?? "",
                cylinder.workingPressure?.displayText(in: unit) ?? "",
                (cylinder.hydroDue(settings)?.iso8601 ?? "") + (hydroOverdue ? " OVERDUE" : ""),
                (cylinder.visualDue(settings)?.iso8601 ?? "") + (visualOverdue ? " OVERDUE" : ""),
                cylinder.isOxygenClean.map { $0 ? "yes" : "no" } ?? "",
                status(cylinder, hydroOverdue: hydroOverdue, visualOverdue: visualOverdue),
            ])
        }
        context.output.write(table.text(style: context.style))
    }

    /// Shows one cylinder as `show` does, after any register command; `show`
    /// adds the register's changes from the audit trail.
    private static func report(_ outcome: Outcome<CylinderResult>, _ context: CommandContext) {
        if context.wantsJSON { return context.output.write(outcome.encoded) }
        let result = outcome.output
        let (cylinder, settings, unit, today, history) = (result.cylinder, result.settings, result.unit, result.today, result.history)
        let (gas, current, shown, renames) = (result.currentGas, result.currentGas?.fill, result.shown, result.renames)
        func date(_ date: CivilDate?, due: CivilDate?, overdue: Bool) -> String {
            guard let date, let due else { return "unknown" }
            return "\(date.iso8601) (valid through \(due.iso8601))" + (overdue ? " OVERDUE" : "")
        }
        let hydroOverdue = cylinder.isHydroOverdue(settings, today: today)
        let visualOverdue = cylinder.isVisualOverdue(settings, today: today)
        var lines: [(String, String)] = [("Cylinder", cylinder.name)]
        if !renames.isEmpty {
            lines.append(
                (
                    "Earlier names",
                    renames.reversed().map { event in
                        quoted(event.oldName ?? "") + " (until " + LocalTime.date(of: event.at).iso8601 + ")"
                    }.joined(separator: ", ")
                ))
        }
        lines += [
            ("Serial", cylinder.serial ?? "unknown"),
            ("Owner", cylinder.owner ?? "unknown"),
            ("Volume", cylinder.volume?.displayText(in: unit, workingPressure: cylinder.workingPressure) ?? "unknown"),
            ("Working pressure", cylinder.workingPressure?.displayText(in: unit) ?? "unknown"),
            ("Hydrostatic test", date(cylinder.hydroDate, due: cylinder.hydroDue(settings), overdue: hydroOverdue)),
            ("Visual inspection", date(cylinder.visualDate, due: cylinder.visualDue(settings), overdue: visualOverdue)),
            ("Oxygen-clean", cylinder.isOxygenClean.map { $0 ? "yes" : "no" } ?? "unknown"),
        ]
        if let note = cylinder.note { lines.append(("Note", singleLine(note))) }
        if let retiredAt = cylinder.retiredAt {
            lines.append(("Status", "retired on \(LocalTime.date(of: retiredAt).iso8601): \(singleLine(cylinder.retiredReason ?? ""))"))
        } else {
            lines.append(("Status", status(cylinder, hydroOverdue: hydroOverdue, visualOverdue: visualOverdue)))
        }
        if let gas, let current, let shown {
            lines.append(
                (
                    "Current gas",
                    Report.depthLine(
                        cylinder: nil, label: shown.label, depth: shown.depth(in: unit), unit: unit,
                        limit: shown.partialPressure, style: context.style)
                        + " (" + Report.provenance(gas, current, shown: shown, unit: unit) + ")"
                ))
        } else {
            lines.append(("Current gas", "none"))
        }
        for (index, event) in history.enumerated() {
            let what =
                switch event.kind {
                case .renamed: "renamed from \(quoted(event.oldName ?? "")) to \(quoted(event.newName ?? ""))"
                case .retired: "retired: " + singleLine(event.reason ?? "")
                case .reinstated: "reinstated: " + singleLine(event.reason ?? "")
                }
            lines.append((index == 0 ? "History" : "", LocalTime.text(of: event.at) + "  " + what))
        }
        lines += Report.changeLines((result.changes ?? []))
        for (label, value) in lines {
            context.output.writeLine(context.style.light((label.isEmpty ? "" : label + ":").padding(to: 19)) + value)
        }
    }

    /// "retired", "in service", or which inspections are OVERDUE.
    private static func status(_ cylinder: Cylinder, hydroOverdue: Bool, visualOverdue: Bool) -> String {
        if cylinder.isRetired { return "retired" }
        let overdue = [hydroOverdue ? "hydrostatic test" : nil, visualOverdue ? "visual inspection" : nil].compactMap { $0 }
        return overdue.isEmpty ? "in service" : "OVERDUE: " + overdue.joined(separator: " and ")
    }
}
