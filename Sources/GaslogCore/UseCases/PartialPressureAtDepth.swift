import LogbookStore
import NitroxCalculator

/// The ppO₂ a mix gives at a depth, and its density there. Above the
/// working limit, above the maximum, below the minimum (hypoxic), and
/// denser than 5.2 or 6.2 g/L, it is a warning, never a refusal: this is information.
public struct PartialPressureAtDepth: UseCase {
    /// What it does, in a line: the command's overview and the API operation's summary.
    public static let summary: Wording = "The ppO₂ a mix gives at a depth."
    /// More about it: the command's discussion and the API operation's description.
    public static let description: Wording? = Wording(
        commandLine: """
            ppO₂ = fO₂ × (depth / 10 + 1) in metres (33 in feet), shown with two decimals rounded \
            up. Above \(OxygenPartialPressure.standard.text) a warning goes to standard error; above \(OxygenPartialPressure.maximum.text) it says the mix is not \
            breathable; below ppo2-min, that it is hypoxic there. Either way the exit status is 0: this is information.
            """,
        api: "As `gaslog ppo2 --json`.")

    /// What it reads: the command's options and the API's allowed keys.
    public static let inputs: [any InputDeclaration] = [PlanningOptions.o2, CommonOptions.he, PlanningOptions.depth, CommonOptions.unit]

    /// The mix.
    public let mix: GasMix
    /// The depth asked about.
    public let depth: Depth

    /// Reads the input; bad input throws, naming its field.
    public init(_ input: InputReader) throws(LogbookError) {
        mix = try input.gas(PlanningOptions.o2, helium: CommonOptions.he)
        depth = try PlanningOptions.plannedDepth(input, unit: try input.unit())
    }

    /// Works out the answer; its warnings go to `session`.
    public func run(in session: Session) throws(LogbookError) -> PartialPressureResult {
        let shown = DivePlanning.hundredthsRoundedUp(DivePlanning.partialPressure(of: mix, at: depth))
        let exposure = DivePlanning.exposure(of: mix, at: depth)
        let settings = try session.settings()
        switch exposure {
        case .notBreathable, .aboveWorkingLimit:
            session.warn(.partialPressure(shown: shown, exposure: exposure, mix: mix, depth: depth))
        case .withinWorkingLimit:
            // Too little oxygen is as dangerous as too much.
            if let hypoxia = Warning.hypoxia(of: mix, at: depth, settings: settings) { session.warn(hypoxia) }
        }
        let facts = MixFacts(
            mix, at: depth, minimumPartialPressure: settings.minimumPartialPressure, oxygenIsNarcotic: settings.oxygenIsNarcotic)
        session.warn(density: facts)
        return PartialPressureResult(mix: mix, depth: depth, partialPressure: shown, density: facts.densityText)
    }
}
