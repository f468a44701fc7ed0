import LogbookStore
import NitroxCalculator

/// The equivalent narcotic depth and gas density of a mix at a depth. A
/// depth where the mix is not breathable is refused; one where it is
/// hypoxic, or denser than the limits, is a warning.
public struct EquivalentNarcoticDepth: UseCase {
    /// What it does, in a line: the command's overview and the API operation's summary.
    public static let summary: Wording = "Equivalent narcotic depth and gas density of a mix at a depth."
    /// More about it: the command's discussion and the API operation's description.
    public static let description: Wording? = Wording(
        commandLine: """
            With the o2-narcotic setting yes (the default), END = (depth + 10) × (1 − fHe) − 10; \
            with no, only nitrogen counts: END = (depth + 10) × fN₂ / 0.79 − 10, in metres (33 in \
            feet), rounded up and never below 0. The density is (1.429·fO₂ + 1.251·fN₂ + \
            0.1786·fHe) × (depth / 10 + 1) g/L, with the gases' densities at 0 °C, shown with one \
            decimal rounded up; above 5.2 g/L, the recommended limit, and above 6.2 g/L, the \
            maximum, a warning goes to standard error. A depth where the mix's ppO₂ would exceed \
            \(OxygenPartialPressure.maximum.text) is refused with exit 65; one where it is below ppo2-min gets a warning that the mix \
            is hypoxic there.
            """,
        api: "As `gaslog end --json`. A depth where the mix is not breathable is 422.")

    /// What it reads: the command's options and the API's allowed keys.
    public static let inputs: [any InputDeclaration] = [PlanningOptions.o2, CommonOptions.he, PlanningOptions.depth, CommonOptions.unit]

    /// The mix.
    public let mix: GasMix
    /// The planned depth.
    public let depth: Depth

    /// Reads the input; bad input throws, naming its field.
    public init(_ input: InputReader) throws(LogbookError) {
        mix = try input.gas(PlanningOptions.o2, helium: CommonOptions.he)
        depth = try PlanningOptions.plannedDepth(input, unit: try input.unit())
    }

    /// Works out the answer; its warnings go to `session`.
    public func run(in session: Session) throws(LogbookError) -> EquivalentNarcoticDepthResult {
        guard DivePlanning.isBreathable(mix, at: depth) else {
            throw LogbookError(.planningRefused(.notBreathable(mix: mix, depth: depth)))
        }
        let settings = try session.settings()
        if let hypoxia = Warning.hypoxia(of: mix, at: depth, settings: settings) { session.warn(hypoxia) }
        let facts = MixFacts(
            mix, at: depth, minimumPartialPressure: settings.minimumPartialPressure, oxygenIsNarcotic: settings.oxygenIsNarcotic)
        session.warn(density: facts)
        return EquivalentNarcoticDepthResult(facts: facts)
    }
}
