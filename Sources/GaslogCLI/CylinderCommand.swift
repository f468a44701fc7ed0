import GaslogCore
import LogbookStore
import NitroxCalculator

/// `gaslog cylinder …`: the cylinder register.
enum CylinderCommand {
    static let name = Argument<CylinderName>("name", help: "The cylinder's name, as in the log.")
    static let serial = CommonOptions.name("serial", value: "serial", help: "The serial number stamped on the cylinder.")
    static let owner = CommonOptions.name("owner", help: "Who owns it.")
    static let volume = Option<String>(
        "volume", value: "volume", schema: ValueSchemas.volume,
        help:
            "Water capacity in litres (12, 12L) or, as in the US, gas capacity at working pressure in cubic feet (80cuft); a bare number is in the preferred unit. Stored in litres: ft³ = L × working pressure (bar) / 28.3168."
    ) { $0 }
    static let workingPressure = Option<PressureEntry>("working-pressure", help: "Working pressure: 232, 232bar or 3000psi.")
    static let hydro = Option<CivilDate>("hydro", help: "Date of the last hydrostatic test (YYYY-MM-DD).")
    static let visual = Option<CivilDate>("visual", help: "Date of the last visual inspection (YYYY-MM-DD).")
    static let oxygenClean = Flag("o2-clean", help: "The cylinder and valve are cleaned for oxygen service.")
    static let notOxygenClean = Flag("no-o2-clean", help: "The cylinder is not oxygen-clean.")
    static let note = CommonOptions.note("note", help: "A note about the cylinder.")
    static let factOptions: [any OptionDeclaration] = [
        serial, owner, volume, workingPressure, hydro, visual, oxygenClean, notOxygenClean, note,
        CommonOptions.unit,
        CommonOptions.json,
    ]

    /// Each field `--clear` empties, and the options that set it.
    private static let fieldOptions: [(field: CylinderField, options: [any OptionDeclaration])] = [
        (.serial, [serial]), (.owner, [owner]), (.volume, [volume]), (.workingPressure, [workingPressure]),
        (.hydro, [hydro]), (.visual, [visual]), (.o2Clean, [oxygenClean, notOxygenClean]), (.note, [note]),
    ]

    static let oldName = Argument<CylinderName>("old", help: "The cylinder's name now.")
    static let newName = Argument<CylinderName>(
        "new", completion: .none, help: "Its new name, not used by another cylinder.",
        read: CylinderName.parse)
    static let retireReason = CommonOptions.note("reason", help: "Why it is retired.").required()
    static let reinstateReason = CommonOptions.note("reason", help: "Why it is back in service.").required()

    static let spec = CommandSpec(
        "cylinder",
        abstract: "The cylinder register: serials, sizes, working pressures, inspection dates and oxygen service.",
        discussion: """
            Cylinders that 'fill' creates have no details until they are edited. A retired cylinder \
            cannot be filled; it is never deleted, and its fills stay in the log.
            """,
        subcommands: [
            CommandSpec(
                "add", abstract: "Add a cylinder to the register.", arguments: [name], options: factOptions,
                examples: [
                    "gaslog cylinder add \"Club 07\" --serial AB1234 --volume 12 --working-pressure 232 --hydro 2024-03-01 --visual 2026-03-01 --o2-clean"
                ],
                handler: add),
            CommandSpec(
                "edit", abstract: "Change a cylinder's register facts, or empty them with --clear.", arguments: [name],
                options: factOptions + [clearOption],
                examples: ["gaslog cylinder edit \"Club 07\" --visual 2026-11-29", "gaslog cylinder edit \"Club 07\" --clear owner"],
                handler: edit),
            CommandSpec(
                "rename", abstract: "Give a cylinder a new name. Its fills follow; the old name stays in its history.",
                arguments: [oldName, newName],
                options: [CommonOptions.json],
                examples: ["gaslog cylinder rename \"Clbu 03\" \"Club 03\""], handler: rename),
            CommandSpec(
                "show", abstract: "Show one cylinder: its facts, when its inspections fall due, and its current gas.",
                arguments: [name], options: [CommonOptions.unit, CommonOptions.json], handler: show),
            CommandSpec(
                "list", abstract: "List every cylinder in the register, retired ones marked.",
                options: [CommonOptions.unit, CommonOptions.json], handler: list),
            CommandSpec(
                "retire", abstract: "Retire a cylinder, with a reason. It is never deleted.", arguments: [name],
                options: [retireReason, CommonOptions.json],
                handler: retire),
            CommandSpec(
                "reinstate", abstract: "Put a retired cylinder back in service, with a reason. Both events stay in its history.",
                arguments: [name],
                options: [reinstateReason, CommonOptions.json],
                examples: ["gaslog cylinder reinstate \"Club 07\" --reason \"passed hydro after repair\""],
                handler: reinstate),
        ]
    )

    /// Fields to empty: repeated, or separated by commas; each field is read
    /// on its own, so that an error names the one that is wrong.
    static let clearOption = Option<String>(
        "clear", value: "field", completion: CylinderField.completion, schema: ValueSchemas.fields,
        help: "Empty a fact: serial, owner, volume, working-pressure, hydro, visual, o2-clean or note. Repeat it, or separate fields with commas."
    ) { $0 }
    .repeatable()

    private static func changes(_ context: CommandContext) throws(CommandError) -> CylinderChanges {
        if context.isSet(oxygenClean), context.isSet(notOxygenClean) {
            throw .badValue("give --o2-clean or --no-o2-clean, not both")
        }
        var changes = CylinderChanges()
        changes.serial = try context.value(serial)
        changes.owner = try context.value(owner)
        changes.note = try context.value(note)
        changes.hydroDate = try context.value(hydro)
        changes.visualDate = try context.value(visual)
        changes.isOxygenClean = context.isSet(oxygenClean) ? true : context.isSet(notOxygenClean) ? false : nil
        let unit = try context.unit()
        changes.workingPressure = try context.pressure(workingPressure, unit: unit)
        if let text = try context.value(volume) {
            changes.volume = try context.interpret(text, { try CylinderVolume.parse($0, preferred: unit) }, option: volume.spec.name)
        }
        let items = try context.values(clearOption).flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }
        for item in items {
            let field = try context.interpret(String(item), CylinderField.parse, option: clearOption.spec.name)
            if fieldOptions.first(where: { $0.field == field })?.options.contains(where: context.isGiven) == true {
                throw .badValue("give --\(field.rawValue) or --clear \(field.rawValue), not both")
            }
            changes.clearing.insert(field)
        }
        return changes
    }

    static func add(_ context: CommandContext) throws(CommandError) {
        let name = try context.value(Self.name)
        let changes = try changes(context)
        let cylinder = try context.withLogbook { logbook throws(LogbookError) in try logbook.addCylinder(name, changes, actor: context.actor) }
        context.created = .cylinder(name: cylinder.name)
        try report(cylinder, context)
    }

    static func edit(_ context: CommandContext) throws(CommandError) {
        let name = try context.value(Self.name)
        let changes = try changes(context)
        let cylinder = try context.withLogbook { logbook throws(LogbookError) in try logbook.editCylinder(name, changes, actor: context.actor) }
        context.warn(EarlierName(asked: name, current: cylinder.name))
        try report(cylinder, context)
    }

    static func show(_ context: CommandContext) throws(CommandError) {
        let name = try context.value(Self.name)
        let (resolution, changes) = try context.withLogbook { logbook throws(LogbookError) in
            (try logbook.resolveCylinder(name), try logbook.registerChanges(of: name))
        }
        context.warn(resolution.earlierName)
        try report(resolution.cylinder, context, changes: changes)
    }

    static func rename(_ context: CommandContext) throws(CommandError) {
        let name = try context.value(oldName)
        let newName = try context.value(Self.newName)
        // The warning names the cylinder's name before this rename.
        let (resolution, cylinder) = try context.withLogbook { logbook throws(LogbookError) in
            (try logbook.resolveCylinder(name), try logbook.renameCylinder(name, to: newName, actor: context.actor))
        }
        context.warn(resolution.earlierName)
        try report(cylinder, context)
    }

    static func reinstate(_ context: CommandContext) throws(CommandError) {
        let name = try context.value(Self.name)
        let reason = try context.value(reinstateReason)
        let cylinder = try context.withLogbook { logbook throws(LogbookError) in
            try logbook.reinstateCylinder(name, reason: reason, actor: context.actor)
        }
        context.warn(EarlierName(asked: name, current: cylinder.name))
        try report(cylinder, context)
    }

    static func retire(_ context: CommandContext) throws(CommandError) {
        let name = try context.value(Self.name)
        let reason = try context.value(retireReason)
        let cylinder = try context.withLogbook { logbook throws(LogbookError) in
            try logbook.retireCylinder(name, reason: reason, actor: context.actor)
        }
        context.warn(EarlierName(asked: name, current: cylinder.name))
        try report(cylinder, context)
    }

    static func list(_ context: CommandContext) throws(CommandError) {
        let unit = try context.unit()
        let settings = try context.settings()
        let (cylinders, today) = try context.withLogbook { logbook throws(LogbookError) in (try logbook.cylinders(), logbook.today()) }
        if context.wantsJSON {
            return context.emit(lines: cylinders.map { json($0, settings: settings, unit: unit, today: today) })
        }
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
    private static func report(_ cylinder: Cylinder, _ context: CommandContext, changes: [RegisterChange]? = nil) throws(CommandError) {
        let unit = try context.unit()
        let name = try context.interpret(cylinder.name, CylinderName.init(parsing:), option: nil)
        let settings = try context.settings()
        let (today, history) = try context.withLogbook { logbook throws(LogbookError) in (logbook.today(), try logbook.history(of: name)) }
        // A cylinder without a current gas still has a register entry to show.
        let gas = try? context.withLogbook { logbook throws(LogbookError) in try logbook.currentGas(of: name) }
        let current = gas?.fill
        let shown = try context.checked { () throws(LogbookError) in try current?.shownGas() }
        let renames = history.filter { $0.kind == .renamed }
        if context.wantsJSON {
            var object = json(cylinder, settings: settings, unit: unit, today: today)
            if case .object(var members) = object {
                members.append(("current_gas", shown.map { .string($0.label) } ?? .null))
                members.append(("current_fill_id", current.map { .integer($0.id) } ?? .null))
                members.append(
                    (
                        "earlier_names",
                        .array(
                            renames.map { event in
                                .object([("name", .optional(event.oldName)), ("until", .string(event.at.iso8601))])
                            })
                    ))
                members.append(
                    (
                        "history",
                        .array(
                            history.map { event in
                                .object([
                                    ("event", .string(event.kind.rawValue)), ("at", .string(event.at.iso8601)),
                                    ("old_name", .optional(event.oldName)), ("new_name", .optional(event.newName)),
                                    ("reason", .optional(event.reason)),
                                ])
                            })
                    ))
                if let changes { members.append(("changes", .array(changes.map(json)))) }
                object = .object(members)
            }
            return context.emit(object)
        }
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
        for (index, change) in (changes ?? []).enumerated() {
            let fields = change.fields.map { "\($0.name) \($0.before) → \($0.after)" }.joined(separator: ", ")
            let actor = change.actor.isEmpty ? "" : " by \(change.actor)"
            lines.append(
                (index == 0 ? "Changes" : "", LocalTime.text(of: change.at) + "  " + change.kind + actor + (fields.isEmpty ? "" : ": " + fields)))
        }
        for (label, value) in lines {
            context.output.writeLine(context.style.light((label.isEmpty ? "" : label + ":").padding(to: 19)) + value)
        }
    }

    /// A register change: its time, account, kind and each fact before and after, as the trail's JSON values.
    static func json(_ change: RegisterChange) -> JSONValue {
        .object([
            ("at", .string(change.at.iso8601)), ("actor", .string(change.actor)), ("kind", .string(change.kind)),
            (
                "fields",
                .array(
                    change.fields.map { field in
                        // The values are already JSON text, as the trail holds them.
                        .object([("field", .string(field.name)), ("before", .number(field.before)), ("after", .number(field.after))])
                    })
            ),
        ])
    }

    /// "retired", "in service", or which inspections are OVERDUE.
    private static func status(_ cylinder: Cylinder, hydroOverdue: Bool, visualOverdue: Bool) -> String {
        if cylinder.isRetired { return "retired" }
        let overdue = [hydroOverdue ? "hydrostatic test" : nil, visualOverdue ? "visual inspection" : nil].compactMap { $0 }
        return overdue.isEmpty ? "in service" : "OVERDUE: " + overdue.joined(separator: " and ")
    }

    static func json(_ cylinder: Cylinder, settings: LogbookSettings, unit: UnitSystem, today: CivilDate) -> JSONValue {
        let volume = cylinder.volume
        let workingPressure = cylinder.workingPressure
        let capacity: JSONValue =
            switch (unit, volume, workingPressure) {
            case (.imperial, let volume?, let workingPressure?): .number(volume.cubicFeetText(at: workingPressure))
            case (.metric, let volume?, _): .number(volume.litresText)
            default:
                .null
            }
        return .object([
            ("cylinder", .string(cylinder.name)),
            ("serial", .optional(cylinder.serial)),
            ("owner", .optional(cylinder.owner)),
            ("volume", capacity),
            ("volume_l", volume.map { .number($0.litresText) } ?? .null),
            ("working_pressure", workingPressure.map { unit == .metric ? .number($0.barText) : .integer($0.psi.roundedHalfDown) } ?? .null),
            ("working_pressure_bar", workingPressure.map { .number($0.barText) } ?? .null),
            ("hydro", .optional(cylinder.hydroDate?.iso8601)),
            ("hydro_due", .optional(cylinder.hydroDue(settings)?.iso8601)),
            ("hydro_overdue", .bool(cylinder.isHydroOverdue(settings, today: today))),
            ("visual", .optional(cylinder.visualDate?.iso8601)),
            ("visual_due", .optional(cylinder.visualDue(settings)?.iso8601)),
            ("visual_overdue", .bool(cylinder.isVisualOverdue(settings, today: today))),
            ("o2_clean", cylinder.isOxygenClean.map(JSONValue.bool) ?? .null),
            ("note", .optional(cylinder.note)),
            ("retired", .bool(cylinder.isRetired)),
            ("retired_at", .optional(cylinder.retiredAt?.iso8601)),
            ("retired_reason", .optional(cylinder.retiredReason)),
            ("unit", .string(unit.rawValue)),
        ])
    }
}
