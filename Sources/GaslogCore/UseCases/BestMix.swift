import LogbookStore
import NitroxCalculator

/// The richest nitrox whose MOD reaches a planned depth, or with a deepest
/// END, the best trimix: just enough helium that the END stays within it.
public struct BestMix: UseCase {
    /// What it does, in a line: the command's overview and the API operation's summary.
    public static let summary: Wording = "The richest nitrox whose MOD reaches a planned depth."
    /// More about it: the command's discussion and the API operation's description.
    public static let description: Wording? = """
        fO₂ = ppO₂ / (depth / 10 + 1) in metres (33 in feet), rounded down to a whole \
        percent and capped at 100. When even air is too rich for the depth, it says so and \
        \(commandLine: "exits 65", api: "is refused (422)").
        """

    /// The narcotic limit that asks for a trimix, read in the unit like the depth.
    public static let maximumEND = Option<String>(
        "end", value: "depth", schema: ValueSchemas.depth,
        help:
            "The deepest END allowed: with it, the answer is the best trimix, with just enough helium (whole percent, rounded up) that the END at \(option: "depth") is at most this, by the o2-narcotic setting."
    ) { $0 }

    /// What it reads: the command's options and the API's allowed keys.
    public static let inputs: [any InputDeclaration] = [PlanningOptions.depth, maximumEND, CommonOptions.ppo2, CommonOptions.unit]

    /// The planned depth.
    public let depth: Depth
    /// The deepest END allowed, for a trimix; `nil` for a nitrox.
    public let maximumEND: Depth?
    /// The ppO₂ limit.
    public let limit: OxygenPartialPressure
    /// How the MOD is rounded.
    public let rounding: DepthRounding

    /// Reads the input; bad input throws, naming its field.
    public init(_ input: InputReader) throws(LogbookError) {
        limit = try input.value(CommonOptions.ppo2) ?? .standard
        let unit = try input.unit()
        depth = try PlanningOptions.plannedDepth(input, unit: unit)
        rounding = try input.rounding()
        maximumEND = try input.value(Self.maximumEND).map { text throws(LogbookError) in
            try input.interpret(text, { try Depth(parsing: $0, unit: unit) }, field: Self.maximumEND.spec.name)
        }
    }

    /// Works out the answer; its warnings go to `session`.
    public func run(in session: Session) throws(LogbookError) -> BestMixResult {
        let unit = depth.unit
        let settings = try session.settings()
        guard let maximumEND else {
            guard let mix = DivePlanning.bestMix(for: depth, limit: limit) else {
                throw LogbookError(.planningRefused(.noNitrox(depth: depth, limit: limit)))
            }
            warnDensity(of: mix, settings: settings, in: session)
            let mod = MaximumOperatingDepth(mix: mix, partialPressure: limit, rounding: rounding).depth(in: unit)
            return BestMixResult(mix: mix, depth: depth, limit: limit, mod: mod, trimix: nil)
        }
        guard
            let mix = HeliumPlanning.bestMix(
                for: depth, limit: limit, maximumEND: maximumEND.value, oxygenIsNarcotic: settings.oxygenIsNarcotic)
        else {
            throw LogbookError(.planningRefused(.noMix(depth: depth, limit: limit, maximumEND: maximumEND)))
        }
        warnDensity(of: mix, settings: settings, in: session)
        let mod = MaximumOperatingDepth(mix: mix, partialPressure: limit, rounding: rounding).depth(in: unit)
        let trimix = BestMixResult.Trimix(
            maximumEND: maximumEND,
            equivalentNarcoticDepth: HeliumPlanning.equivalentNarcoticDepth(of: mix, at: depth, oxygenIsNarcotic: settings.oxygenIsNarcotic),
            minimumDepth: HeliumPlanning.minimumDepth(of: mix, minimum: settings.minimumPartialPressure, in: unit))
        return BestMixResult(mix: mix, depth: depth, limit: limit, mod: mod, trimix: trimix)
    }

    /// The density warning for the answer at the depth asked, as every command gives it.
    private func warnDensity(of mix: GasMix, settings: LogbookSettings, in session: Session) {
        session.warn(
            density: MixFacts(
                mix, at: depth, minimumPartialPressure: settings.minimumPartialPressure, oxygenIsNarcotic: settings.oxygenIsNarcotic))
    }
}
