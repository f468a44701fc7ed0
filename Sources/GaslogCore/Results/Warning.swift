import LogbookStore
import NitroxCalculator

/// Something the person at the fill station must hear, though nothing was
/// refused: a typed value in a use case's result, never a line of text.
/// Each front end says it in its own words: the JSON has ``code``,
/// ``message`` and the keys of its code; the command line adds what to type.
public enum Warning: Sendable, Equatable {
    /// A new cylinder's name is one edit from registered ones: most likely a typo.
    case similarName(cylinder: String, names: [String])
    /// The register lacks facts that the fill-station checks needed.
    case unknownFacts(cylinder: String, facts: [UnknownFact])
    /// The register lacks facts about the compressor that made a fill's air.
    case compressorUnknownFacts(compressor: String, facts: [CompressorFact])
    /// The fill or plan was recorded despite a refusal, for the override's reason.
    case overridden(FillRefusal, action: OverriddenAction)
    /// A bare pressure that is implausibly low in the unit it was read in:
    /// probably typed in the other one.
    case otherUnit(text: String, pressure: Pressure, unit: UnitSystem)
    /// The gas density is above a limit.
    case density(MixFacts)
    /// The ppO₂ at a depth is above the working limit, or not breathable.
    case partialPressure(shown: String, exposure: DivePlanning.OxygenExposure, mix: GasMix, depth: Depth)
    /// The mix is hypoxic at a depth: its ppO₂ there is below the minimum.
    case hypoxic(mix: GasMix, depth: Depth, partialPressure: String, minimum: String)
    /// The cylinder's tag shows a deeper MOD than its gas allows.
    case tagDeeper(cylinder: String, note: String)
    /// The cylinder is retired.
    case retired(cylinder: String)
    /// The cylinder was found by a name it had before a rename.
    case renamed(EarlierName)
    /// A fill's gas was not computed, so only its fee is charged.
    case unpriced(fill: Int, cylinder: String, reason: UnpricedReason)

    /// What was done despite a refusal.
    public enum OverriddenAction: Sendable, Equatable {
        case recorded, planned
    }

    /// The stable code that scripts switch on.
    public var code: String {
        switch self {
        case .similarName: "similar_name"
        case .unknownFacts, .compressorUnknownFacts: "unknown_facts"
        case .overridden: "overridden"
        case .otherUnit: "other_unit"
        case .density: "density"
        case .partialPressure: "ppo2"
        case .hypoxic: "hypoxic"
        case .tagDeeper: "tag_deeper"
        case .retired: "retired"
        case .renamed: "renamed"
        case .unpriced: "unpriced"
        }
    }

    /// The warning in plain words, for any front end: no option names, no commands.
    public var message: String {
        switch self {
        case .similarName(let cylinder, let names):
            "new cylinder \(quoted(cylinder)) is one edit away from \(names.map(quoted).joined(separator: " and ")) in the register; "
                + "if that is what you meant, void this fill and fill that cylinder, or rename this one"
        case .unknownFacts(let cylinder, let facts):
            Warning.unknown(facts.map(\.description), of: "cylinder \(quoted(cylinder))")
                + "; check by hand, and record what you find in the register"
        case .compressorUnknownFacts(let compressor, let facts):
            Warning.unknown(facts.map(\.description), of: "compressor \(quoted(compressor))")
                + "; check its air and filter by hand, and record them in the register"
        case .overridden(let refusal, let action):
            (action == .recorded ? "recorded despite: " : "planned despite: ") + refusal.rulesText()
        case .otherUnit(let text, let pressure, let unit):
            "\(text) \(unit.pressureSymbol) is \(Warning.inOtherUnit(pressure, unit)); if you meant \(text) \(unit.other.pressureSymbol), "
                + "give it as \(text)\(unit.other.pressureSymbol)"
        case .density(let facts):
            facts.densityWarning ?? ""
        case .partialPressure(let shown, let exposure, let mix, let depth):
            // The limits are the calculator's: 1.4 for the working part, 1.6 at most.
            exposure == .notBreathable
                ? "ppO₂ \(shown) — over \(OxygenPartialPressure.maximum.text): not breathable (\(mix.label) at \(depth.text) \(depth.unit.depthSymbol))"
                : "ppO₂ \(shown) is above \(OxygenPartialPressure.standard.text), the usual limit for the working part of a dive"
        case .hypoxic(let mix, let depth, let partialPressure, let minimum):
            "\(mix.label) is hypoxic at \(depth.text) \(depth.unit.depthSymbol): its ppO₂ there is \(partialPressure), below ppo2-min \(minimum)"
        case .tagDeeper(_, let note):
            note
        case .retired(let cylinder):
            "cylinder \(quoted(cylinder)) is retired"
        case .renamed(let earlierName):
            earlierName.message
        case .unpriced(let fill, _, let reason):
            Warning.unpriced(fill: fill, because: reason.message)
        }
    }

    /// What the register does not know about `subject` (`cylinder 'A'`), before what to do about it.
    public static func unknown(_ facts: [String], of subject: String) -> String {
        "\(subject): the register does not know " + facts.joined(separator: ", ")
    }

    /// That fill `fill` is charged only its fee, and `reason` why.
    public static func unpriced(fill: Int, because reason: String) -> String {
        "the gas of fill \(fill) is not priced, only its fee: " + reason
    }

    /// The warning that `mix` is hypoxic at `depth`, when its ppO₂ there is
    /// below the logbook's minimum; `nil` when it may be breathed there.
    public static func hypoxia(of mix: GasMix, at depth: Depth, settings: LogbookSettings) -> Warning? {
        let partialPressure = DivePlanning.partialPressure(of: mix, at: depth)
        guard partialPressure < settings.minimumPartialPressure else { return nil }
        return .hypoxic(
            mix: mix, depth: depth, partialPressure: DivePlanning.hundredthsRoundedUp(partialPressure), minimum: settings.value(.ppo2Min))
    }

    /// The other unit's reading of a pressure: `16 bar` for 232 psi.
    public static func inOtherUnit(_ pressure: Pressure, _ unit: UnitSystem) -> String {
        unit == .metric ? "\(pressure.psi.roundedHalfDown) psi" : "\(pressure.bar.roundedHalfDown) bar"
    }
}

extension UnknownFact {
    /// The fact's key in a warning's `facts`.
    var key: String {
        switch self {
        case .hydrostaticTest: "hydro"
        case .visualInspection: "visual"
        case .workingPressure: "working_pressure"
        case .oxygenClean: "o2_clean"
        }
    }
}

extension UnitSystem {
    /// The unit system that is not this one.
    public var other: UnitSystem { self == .metric ? .imperial : .metric }
}
