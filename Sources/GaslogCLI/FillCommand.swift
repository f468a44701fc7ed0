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
        arguments: [cylinder],
        options: [
            o2, CommonOptions.he, CommonOptions.ppo2, at, pressure, blender, diver, cert, diverO2, diverHe, acceptDifference, note,
            overrideReason,
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

    static let cylinder = Argument<CylinderName>(
        "cylinder",
        help: "The cylinder's name, unique regardless of case. Use -- before a name that starts with '-'.")
    static let o2 = CommonOptions.o2.required()
    static let at = Option<Timestamp>(
        "at",
        help:
            "When the fill happened, in local time (TZ) unless it carries Z or an offset: 2026-11-29 19:00, 2026-11-29T08:00Z, 2026-11-29T20:00+01:00, or a date alone (the first moment of that local day). A local time that the clocks skip or repeat is refused. Default: now. Stored in UTC. At most 5 minutes after the current time (clock skew between stations)."
    )
    static let pressure = Option<PressureEntry>(
        "pressure",
        help: "Fill pressure: 232, 232bar or 3000psi; a bare number is in the preferred unit. Stored in bar.")
    static let blender = CommonOptions.name("blender", help: "Who blended and analysed the gas.")
    static let diver = CommonOptions.name("diver", help: "The diver who analysed the gas and accepted the cylinder.")
    static let cert = CommonOptions.name("cert", value: "number", help: "The diver's nitrox certification number.")
    static let diverHe = Option<HeliumPercent>(
        "diver-he",
        help:
            "The diver's own helium reading, with --diver-o2. A reading more than 2 percentage points from --he is refused (exit 65). The label, MOD, END and density use the lower of the two."
    )
    static let diverO2 = Option<GasReading>(
        "diver-o2",
        help:
            "The diver's own reading: O2, or O2/helium (18/45). A reading more than 1 percentage point of O2 from --o2 is refused (exit 65). The label and MOD come from the higher O2 of the two readings."
    )
    static let acceptDifference = Flag("accept-difference", help: "Record the fill even when the two readings differ by more than 1 point.")
    static let note = CommonOptions.note("note", help: "A note, up to 1,000 characters; line breaks allowed.")
    static let overrideReason = CommonOptions.note(
        "override", value: "reason", field: "override reason",
        help:
            "Record the fill although a fill-station check refuses it (retired, out of test, over working pressure, not oxygen-clean); the reason is stored and exported."
    )

    static func run(_ context: CommandContext) throws(CommandError) {
        // Every value is read before the logbook is opened for the unit, so
        // that bad input is reported as such even when the database is not usable.
        let cylinder = try context.value(cylinder)
        let mix = try context.gas(o2, helium: CommonOptions.he)
        let partialPressure = try context.value(CommonOptions.ppo2) ?? .standard
        let filledAt = try context.value(at)
        let blender = try context.value(blender)
        let diver = try context.value(diver)
        let cert = try context.value(cert)
        let diverMix = try context.gas(diverO2, helium: diverHe, defaultHelium: mix.heliumPermille)
        let diverReading = try context.value(diverO2)
        let diverAnalysedHelium = context.isGiven(diverHe) || diverReading?.heliumPermille != nil
        let note = try context.value(note)
        let overrideReason = try context.value(overrideReason)
        let unit = try context.unit()
        let pressure = try context.pressure(pressure, unit: unit)
        var request = FillRequest(
            cylinder: cylinder, mix: mix, partialPressure: partialPressure, filledAt: filledAt, pressure: pressure,
            blender: blender, diver: diver, cert: cert, diverMix: diverMix, diverAnalysedHelium: diverAnalysedHelium, note: note,
            acceptsDifference: context.isSet(acceptDifference), overrideReason: overrideReason, rounding: try context.rounding(),
            recordedBy: context.actor)
        request.unit = unit
        let outcome = try context.writing(to: cylinder) { logbook throws(LogbookError) in try logbook.recordFill(request) }
        LogbookWording.warnings(for: outcome).forEach(context.warn)
        let fill = outcome.record
        context.created = .fill(id: fill.id)

        if context.wantsJSON {
            context.emit(FillLogFormat.json(fill))
        } else {
            let mod = fill.mod(in: unit)
            // A mix with helium says what its tag will: END, density, and a hypoxic mix's minimum depth.
            let settings = try context.settings()
            let facts = MixFacts(
                fill.referenceMix, at: Depth(Rational(mod), unit), minimumPartialPressure: settings.minimumPartialPressure,
                oxygenIsNarcotic: settings.oxygenIsNarcotic, minimumDepthOf: fill.leanerMix)
            let line =
                Report.depthLine(
                    cylinder: fill.cylinder, label: fill.label, depth: mod, unit: unit, limit: fill.partialPressure, style: context.style)
                + Report.heliumText(facts, style: context.style)
            let pressure = fill.pressure.map { ", " + $0.displayText(in: unit) } ?? ""
            context.output.writeLine(line + context.style.light(" (fill \(fill.id), \(LocalTime.text(of: fill.filledAt))\(pressure))"))
        }
    }
}
