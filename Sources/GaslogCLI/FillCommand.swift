import LogbookStore
import NitroxCalculator

/// `gaslog fill`: records what went into a cylinder.
enum FillCommand {
    static let spec = CommandSpec(
        "fill",
        abstract: "Record a fill: the gas that went into a cylinder, and its MOD.",
        discussion: """
            The cylinder is created when its name is new. The MOD is computed at --ppo2 and \
            stored with the fill, as written on the cylinder's tag. Names are 1 to 64 characters; \
            names, notes and reasons keep any Unicode exactly.
            Before recording, the fill-station checks run against the cylinder register: a retired \
            cylinder, a hydrostatic test or visual inspection older than its interval, a pressure \
            above the working pressure (plus the allowed margin), or O2 above the oxygen-clean \
            threshold in a cylinder not marked oxygen-clean is refused with exit 65 unless \
            --override gives a reason. A fact the register does not know is a warning.
            """,
        arguments: [ArgumentSpec("cylinder", completion: .cylinders, help: "The cylinder's name, unique regardless of case. Use -- before a name that starts with '-'.")],
        options: [
            CommonOptions.o2.required(),
            CommonOptions.ppo2,
            OptionSpec("at", value: "time",
                help: "When the fill happened, in local time (TZ) unless it carries Z or an offset: 2026-11-29 19:00, 2026-11-29T08:00Z, 2026-11-29T20:00+01:00, or a date alone (00:00 local time). Default: now. Stored in UTC. At most 5 minutes after the current time (clock skew between stations)."),
            OptionSpec("pressure", value: "pressure",
                help: "Fill pressure: 232, 232bar or 3000psi; a bare number is in the preferred unit. Stored in bar."),
            OptionSpec("blender", value: "name", help: "Who blended and analysed the gas."),
            OptionSpec("diver", value: "name", help: "The diver who analysed the gas and accepted the cylinder."),
            OptionSpec("cert", value: "number", help: "The diver's nitrox certification number."),
            OptionSpec("diver-o2", value: "gas",
                help: "The diver's own O2 reading. A reading more than 1 percentage point from --o2 is refused (exit 65). The label and MOD come from the richer of the two readings."),
            OptionSpec("accept-difference", help: "Record the fill even when the two readings differ by more than 1 point."),
            OptionSpec("note", value: "text", help: "A note, up to 1,000 characters; line breaks allowed."),
            OptionSpec("override", value: "reason",
                help: "Record the fill although a fill-station check refuses it (retired, out of test, over working pressure, not oxygen-clean); the reason is stored and exported."),
            CommonOptions.round,
            CommonOptions.unit,
            CommonOptions.json,
        ],
        examples: [
            "gaslog fill \"Club 07\" --o2 32",
            "gaslog fill \"Club 07\" --o2 32.5 --pressure 232 --blender Ann --diver Bo --cert PADI-123 --diver-o2 32.2",
            "gaslog fill --o2 36 -- -2+3",
        ],
        handler: run
    )

    static func run(_ invocation: Invocation, _ context: CommandContext) throws(CommandError) {
        let cylinder = try context.parseArgument(0, CylinderName.init(parsing:))!
        let mix = try context.parse("o2", GasMix.init(parsing:))!
        let partialPressure = try context.parse("ppo2", OxygenPartialPressure.init(parsing:)) ?? .standard
        let filledAt = try context.parse("at", Timestamp.init(parsing:))
        let blender = try context.parse("blender") { try FillText.name($0, field: "blender") }
        let diver = try context.parse("diver") { try FillText.name($0, field: "diver") }
        let cert = try context.parse("cert") { try FillText.name($0, field: "cert") }
        let diverMix = try context.parse("diver-o2", GasMix.init(parsing:))
        let note = try context.parse("note") { try FillText.note($0, field: "note") }
        let overrideReason = try context.parse("override") { try FillText.note($0, field: "override reason") }
        let unit = try context.unit()
        let pressure = try context.parsePressure("pressure", unit: unit)
        let rounding = try context.rounding()

        let request = FillRequest(
            cylinder: cylinder, mix: mix, partialPressure: partialPressure, filledAt: filledAt, pressure: pressure,
            blender: blender, diver: diver, cert: cert, diverMix: diverMix, note: note,
            acceptsDifference: invocation.flag("accept-difference"), overrideReason: overrideReason, rounding: rounding)
        let outcome = try context.withLogbook { logbook throws(LogbookError) in try logbook.recordFill(request) }
        LogbookWording.warnings(for: outcome).forEach(context.warn)
        let fill = outcome.record

        if context.wantsJSON {
            context.emit(FillLogFormat.json(fill))
        } else {
            let line = Report.depthLine(cylinder: fill.cylinder, label: fill.label, depth: fill.mod(in: unit),
                                        unit: unit, limit: fill.partialPressure, style: context.style)
            let pressure = fill.pressure.map { ", " + $0.displayText(in: unit) } ?? ""
            context.output.writeLine(line + context.style.light(" (fill \(fill.id), \(LocalTime.text(of: fill.filledAt))\(pressure))"))
        }
    }
}
