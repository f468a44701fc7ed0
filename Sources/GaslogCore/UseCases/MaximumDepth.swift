import LogbookStore
import NitroxCalculator

/// How deep a mix, or a cylinder's current gas, can go: the MOD at a ppO₂
/// limit, with END and density, and the density's warning for any mix. A cylinder's gas is
/// its latest fill that is neither void nor dated in the future, from the
/// richer of the blender's and the diver's readings, its stored MOD checked first.
public struct MaximumDepth: UseCase {
    /// What it does, in a line: the command's overview and the API operation's summary.
    public static let summary: Wording = "Show the maximum operating depth of a mix, or of a cylinder's current gas."
    /// More about it: the command's discussion and the API operation's description.
    public static let description: Wording? = """
        With \(option: "o2") this is a pure calculation: nothing is stored\(commandLine: " and no database is created", api: ""). \
        With a cylinder it gives the MOD of that cylinder's current gas: its latest fill that is \
        neither void nor dated in the future, from the richer of the blender's and the diver's \
        readings. It names that fill, and says when newer fills were passed over, when the \
        cylinder is retired, and when the tag shows a deeper MOD. A cylinder without a current \
        gas \(commandLine: "exits 65", api: "is refused (422)").
        """

    /// The cylinder whose current gas is asked about, instead of a gas.
    public static let cylinder = Argument<CylinderName>("cylinder", help: "A cylinder in the log (instead of \(option: "o2")).").optional()

    /// What it reads: the command's options and the API's allowed keys.
    public static let inputs: [any InputDeclaration] = [
        cylinder, CommonOptions.o2, CommonOptions.he, CommonOptions.ppo2, CommonOptions.round, CommonOptions.unit,
    ]

    /// The inputs of a MOD asked for a gas alone, without a cylinder.
    public static let gasInputs: [any InputDeclaration] = [
        CommonOptions.o2, CommonOptions.he, CommonOptions.ppo2, CommonOptions.round, CommonOptions.unit,
    ]

    /// Neither a gas nor a cylinder was given.
    public static let missingSubject = LogbookError(
        .badInput(FieldMessage([.text("missing "), .field(CommonOptions.o2.spec.name), .text(" or '<cylinder>'")])),
        field: CommonOptions.o2.spec.name)

    /// Both a gas and a cylinder were given.
    public static let twoSubjects = LogbookError(
        .badInput(FieldMessage([.text("give either "), .field(CommonOptions.o2.spec.name), .text(" or '<cylinder>', not both")])),
        field: CommonOptions.o2.spec.name)

    /// What the MOD is of.
    public enum Subject: Sendable, Equatable {
        /// A mix, as given.
        case gas(GasMix)
        /// A cylinder's current gas.
        case cylinder(CylinderName)
    }

    /// The mix or the cylinder.
    public let subject: Subject
    /// The ppO₂ limit asked for; `nil` takes 1.4 for a mix and the tag's for a cylinder.
    public let partialPressure: OxygenPartialPressure?
    /// The rounding rule asked for; `nil` takes the setting for a mix and the tag's for a cylinder.
    public let rounding: DepthRounding?
    /// The unit the depth is given in.
    public let unit: UnitSystem

    /// Reads the input; bad input throws, naming its field.
    public init(_ input: InputReader) throws(LogbookError) {
        let mix = try input.gas(CommonOptions.o2, helium: CommonOptions.he)
        let named = try input.value(Self.cylinder)
        partialPressure = try input.value(CommonOptions.ppo2)
        switch (mix, named) {
        case (nil, nil): throw Self.missingSubject
        case (_?, _?): throw Self.twoSubjects
        case (let mix?, nil): subject = .gas(mix)
        case (nil, let name?): subject = .cylinder(name)
        }
        rounding = try input.value(CommonOptions.round)
        unit = try input.unit()
    }

    /// Works out the answer; its warnings go to `session`.
    public func run(in session: Session) throws(LogbookError) -> MaximumDepthResult {
        switch subject {
        case .gas(let mix):
            let settings = try session.settings()
            let limit = partialPressure ?? .standard
            let depth = MaximumOperatingDepth(mix: mix, partialPressure: limit, rounding: rounding ?? settings.rounding).depth(in: unit)
            // END and density at the MOD as shown, the rounded one.
            let facts = MixFacts(
                mix, at: Depth(Rational(depth), unit), minimumPartialPressure: settings.minimumPartialPressure,
                oxygenIsNarcotic: settings.oxygenIsNarcotic)
            session.warn(density: facts)
            return MaximumDepthResult(subject: .gas(mix, limit: limit), depth: depth, unit: unit, facts: facts)
        case .cylinder(let name):
            // The stored MOD is checked before any depth is shown.
            let logbook = try session.logbook()
            let gas = try logbook.currentGas(of: name, latest: EntryTimeLimit(clockOf: logbook).latest)
            guard let fill = gas.fill else { throw LogbookError(.internalFailure("cylinder \(quoted(gas.cylinder.name)) has no current gas")) }
            let shown = try fill.shownGas()
            session.warn(EarlierName(asked: name, current: gas.cylinder.name))
            if gas.cylinder.isRetired { session.warn(.retired(cylinder: gas.cylinder.name)) }
            if let note = shown.tagDeeperNote(in: unit) { session.warn(.tagDeeper(cylinder: gas.cylinder.name, note: note)) }
            let settings = try session.settings()
            let depth = shown.mod(at: partialPressure, rounding: rounding).depth(in: unit)
            let facts = shown.facts(at: depth, in: unit, settings: settings)
            session.warn(density: facts)
            return MaximumDepthResult(
                subject: .cylinder(gas, fill: fill, shown: shown, limit: partialPressure, rounding: rounding), depth: depth, unit: unit,
                facts: facts)
        }
    }
}
