import LogbookStore
import NitroxCalculator

/// The equivalent narcotic depth and gas density of a mix at a depth. A
/// depth where the mix is not breathable is refused; one where it is
/// hypoxic, or denser than the limits, is a warning.
public struct EquivalentNarcoticDepth: UseCase {
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
