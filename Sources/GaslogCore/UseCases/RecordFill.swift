import LogbookStore
import NitroxCalculator

/// Records what went into a cylinder, with its MOD, after the fill-station
/// checks; the cylinder is created when its name is new.
public struct RecordFill: UseCase {
    /// What it does, in a line: the command's overview and the API operation's summary.
    public static let summary: Wording = "Record a fill: the gas that went into a cylinder, and its MOD."
    /// More about it: the command's discussion and the API operation's description.
    public static let description: Wording? = """
        The cylinder is created when its name is new. The MOD is computed at \(option: "ppo2") and \
        stored with the fill, as written on the cylinder's tag. Names are 1 to 64 characters; \
        names, notes and reasons keep any Unicode exactly.
        Before recording, the fill-station checks run against the cylinder register: a retired \
        cylinder, a hydrostatic test or visual inspection older than its interval, a pressure \
        above the working pressure (plus the allowed margin), or O2 above the oxygen-clean \
        threshold in a cylinder not marked oxygen-clean is refused \(commandLine: "with exit 65", api: "(422)") unless \
        \(option: "override") gives a reason. So is a fill from a compressor (\(option: "compressor"), or the \
        default-compressor setting) that is retired, whose latest air test failed or is overdue, \
        or whose filter is exhausted. A fact the register does not know is a warning.
        """

    /// The cylinder filled, by name.
    public static let cylinder = Argument<CylinderName>(
        "cylinder",
        help: "The cylinder's name, unique regardless of case. Use -- before a name that starts with '-'.")
    /// The blender's analysis: O2, or O2/helium.
    public static let o2 = CommonOptions.o2.required()
    /// When the fill happened; now by default.
    public static let at = Option<Timestamp>(
        "at",
        help:
            "When the fill happened, in local time (TZ) unless it carries Z or an offset: 2026-11-29 19:00, 2026-11-29T08:00Z, 2026-11-29T20:00+01:00, or a date alone (the first moment of that local day). A local time that the clocks skip or repeat is refused. Default: now. Stored in UTC. At most 5 minutes after the current time (clock skew between stations)."
    )
    /// The fill pressure, in the preferred unit unless it says.
    public static let pressure = Option<PressureEntry>(
        "pressure",
        help: "Fill pressure: 232, 232bar or 3000psi; a bare number is in the preferred unit. Stored in bar.")
    /// Who blended and analysed the gas.
    public static let blender = CommonOptions.name("blender", help: "Who blended and analysed the gas.")
    /// The diver who analysed the gas and took the cylinder.
    public static let diver = CommonOptions.name("diver", help: "The diver who analysed the gas and accepted the cylinder.")
    /// The diver's nitrox certification number.
    public static let cert = CommonOptions.name("cert", value: "number", help: "The diver's nitrox certification number.")
    /// The diver's helium reading.
    public static let diverHe = Option<HeliumPercent>(
        "diver-he",
        help:
            "The diver's own helium reading, with \(option: "diver-o2"). A reading more than 2 percentage points from \(option: "he") is refused (\(commandLine: "exit 65", api: "422")). The label, MOD, END and density use the lower of the two."
    )
    /// The diver's O2 reading.
    public static let diverO2 = Option<GasReading>(
        "diver-o2",
        help:
            "The diver's own reading: O2, or O2/helium (18/45). A reading more than 1 percentage point of O2 from \(option: "o2") is refused (\(commandLine: "exit 65", api: "422")). The label and MOD come from the higher O2 of the two readings."
    )
    /// Records the fill although the two readings differ.
    public static let acceptDifference = Flag(
        "accept-difference", help: "Record the fill even when the two readings differ by more than 1 point.")
    /// A note on the fill.
    public static let note = CommonOptions.note("note", help: "A note, up to 1,000 characters; line breaks allowed.")
    /// Why the fill is recorded despite a refusal.
    public static let overrideReason = CommonOptions.note(
        "override", value: "reason", field: "override reason",
        help:
            "Record the fill although a fill-station check refuses it (retired, out of test, over working pressure, not oxygen-clean); the reason is stored and exported."
    )

    /// The pressure before the fill, for the gas it used.
    public static let from = Option<PressureEntry>(
        "from",
        help:
            "The pressure in the cylinder before this fill, after any bleed, as \(option: "pressure") reads it; with it and the register's volume the fill's litres of oxygen, helium and top-off are charged. Not above \(option: "pressure")."
    )
    /// What the cylinder held before.
    public static let fromGas = Option<GasMix>(
        "from-gas", help: "What the cylinder held before (default: the blender's analysis of its current gas at the fill's time).")
    /// The top-off gas.
    public static let topOff = Option<GasMix>(
        "top-off", help: "The gas topped off with: air (the default), or a nitrox from a membrane or a bank; no helium, not 100% O2.")
    /// Who pays.
    public static let billTo = BillingOptions.member("bill-to", help: "The member who pays (default: the \(option: "diver")).")

    /// The compressor that made the air or the top-off.
    public static let compressor = Option<CompressorChoice>(
        "compressor",
        help:
            "The compressor that made the air or the top-off (default: the default-compressor setting, if any, except for a fill with no nitrogen: oxygen or heliox). A retired compressor, a failed or overdue air test, or an exhausted filter refuses the fill (\(commandLine: "exit 65", api: "422")) unless \(option: "override") is given. none says that no compressor was used; for a fill with nitrogen while default-compressor is set, that is refused too (compressor_required) unless \(option: "override") says where its air came from."
    )

    /// Every input of a fill, in the order help lists them.
    public static let inputs: [any InputDeclaration] = [
        cylinder, o2, CommonOptions.he, CommonOptions.ppo2, at, pressure, from, fromGas, topOff, billTo, compressor, blender, diver, cert,
        diverO2, diverHe, acceptDifference, note, overrideReason, CommonOptions.round, CommonOptions.unit,
    ]

    /// The fill as asked for, every value read.
    public let request: FillRequest

    /// Reads the fill asked for; bad input throws at its field.
    public init(_ input: InputReader) throws(LogbookError) {
        // Every value is read before the logbook is opened for the unit, so
        // that bad input is reported as such even when the database is not usable.
        let cylinder = try input.value(Self.cylinder)
        let mix = try input.gas(Self.o2, helium: CommonOptions.he)
        let partialPressure = try input.value(CommonOptions.ppo2) ?? .standard
        let filledAt = try input.value(Self.at)
        let blender = try input.value(Self.blender)
        let diver = try input.value(Self.diver)
        let cert = try input.value(Self.cert)
        let diverMix = try input.gas(Self.diverO2, helium: Self.diverHe, defaultHelium: mix.heliumPermille)
        let diverReading = try input.value(Self.diverO2)
        let diverAnalysedHelium = input.isGiven(Self.diverHe) || diverReading?.heliumPermille != nil
        let note = try input.value(Self.note)
        let overrideReason = try input.value(Self.overrideReason)
        let rounding = try input.rounding()
        let unit = try input.unit()
        let pressure = try input.pressure(Self.pressure, unit: unit)
        var request = FillRequest(
            cylinder: cylinder, mix: mix, partialPressure: partialPressure, filledAt: filledAt, pressure: pressure,
            blender: blender, diver: diver, cert: cert, diverMix: diverMix, diverAnalysedHelium: diverAnalysedHelium, note: note,
            acceptsDifference: input.isSet(Self.acceptDifference), overrideReason: overrideReason,
            rounding: rounding, recordedBy: input.session.actor)
        request.unit = unit
        // What is left in a cylinder is often under 50 bar: no warning for it.
        request.from = try input.pressure(Self.from, unit: unit, allowsZero: true, warnsWhenLow: false)
        request.fromMix = try input.value(Self.fromGas)
        request.topOff = try input.value(Self.topOff)
        request.billTo = try input.value(Self.billTo)
        request.compressor = try input.value(Self.compressor)
        if let from = request.from, let pressure, from > pressure {
            throw InputReader.bad(
                Self.from.spec.name,
                [
                    .field(Self.from.spec.name), .text(" \(from.displayText(in: unit)) is above "), .field(Self.pressure.spec.name),
                    .text(" \(pressure.displayText(in: unit)): the pressure before a fill is at most the pressure after it"),
                ])
        }
        self.request = request
    }

    /// Records the fill after the checks, and gathers its warnings.
    public func run(in session: Session) throws(LogbookError) -> FillResult {
        let outcome: FillOutcome
        do {
            outcome = try session.writing(to: request.cylinder) { logbook throws(LogbookError) in
                try FillRecorder(request).record(in: logbook)
            }
        } catch {
            // A time too far ahead is the fault of the `at` input.
            if case .fillInFuture = error.reason { throw LogbookError(error.reason, field: Self.at.spec.name) }
            throw error
        }
        session.warn(outcome.earlierName)
        if !outcome.lookalikes.isEmpty { session.warn(.similarName(cylinder: outcome.record.cylinder, names: outcome.lookalikes)) }
        if !outcome.unknownFacts.isEmpty { session.warn(.unknownFacts(cylinder: outcome.record.cylinder, facts: outcome.unknownFacts)) }
        if let compressor = outcome.compressor, !compressor.unknownFacts.isEmpty {
            session.warn(.compressorUnknownFacts(compressor: compressor.name, facts: compressor.unknownFacts))
        }
        if let overridden = outcome.overridden { session.warn(.overridden(overridden, action: .recorded)) }
        if let reason = outcome.unpriced { session.warn(.unpriced(fill: outcome.record.id, cylinder: outcome.record.cylinder, reason: reason)) }
        let unit = request.unit ?? .metric
        let settings = try session.settings()
        let fill = outcome.record
        // A mix with helium says what its tag will: END, density, and a hypoxic mix's minimum depth.
        let facts = MixFacts(
            fill.referenceMix, at: Depth(Rational(fill.mod(in: unit)), unit), minimumPartialPressure: settings.minimumPartialPressure,
            oxygenIsNarcotic: settings.oxygenIsNarcotic, minimumDepthOf: fill.leanerMix)
        session.warn(density: facts)
        return FillResult(fill: fill, unit: unit, facts: facts, charge: outcome.charge, currency: settings.currency)
    }
}
