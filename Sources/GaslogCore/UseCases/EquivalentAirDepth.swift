import LogbookStore
import NitroxCalculator

/// The equivalent air depth of a nitrox at a depth, for reading air tables.
/// A depth where the mix is not breathable is refused.
public struct EquivalentAirDepth: UseCase {
    /// What it does, in a line: the command's overview and the API operation's summary.
    public static let summary: Wording = "Equivalent air depth of a mix at a depth, for reading air tables."
    /// More about it: the command's discussion and the API operation's description.
    public static let description: Wording? = """
        EAD = (depth + 10) × (1 − fO₂) / 0.79 − 10 in metres (33 in feet), rounded up (deeper \
        is conservative) and never below 0. A depth where the mix's ppO₂ would exceed \(OxygenPartialPressure.maximum.text) is \
        refused \(commandLine: "with exit 65", api: "(422)"): the mix is not breathable there.
        """

    /// What it reads: the command's options and the API's allowed keys.
    public static let inputs: [any InputDeclaration] = [PlanningOptions.o2, CommonOptions.he, PlanningOptions.depth, CommonOptions.unit]

    /// The nitrox.
    public let mix: GasMix
    /// The planned depth.
    public let depth: Depth

    /// Reads the input; bad input throws, naming its field.
    public init(_ input: InputReader) throws(LogbookError) {
        let o2 = PlanningOptions.o2.spec.name
        let mix = try input.gas(PlanningOptions.o2, helium: CommonOptions.he)
        guard !mix.hasHelium else {
            // Its END is the figure that counts, from the END calculator.
            throw LogbookError(
                .badInput(
                    FieldMessage([
                        .text("ead is for nitrox, and \(mix.label) holds helium; its equivalent narcotic depth is: gaslog end "),
                        .field(o2), .text(" \(mix.percentText)/\(mix.heliumPercentText) "), .field(PlanningOptions.depth.spec.name),
                        .text(" DEPTH"),
                    ])), field: o2)
        }
        self.mix = mix
        depth = try PlanningOptions.plannedDepth(input, unit: try input.unit())
    }

    /// Works out the answer; its warnings go to `session`.
    public func run(in session: Session) throws(LogbookError) -> EquivalentAirDepthResult {
        do throws(DivePlanning.NotBreathable) {
            return EquivalentAirDepthResult(mix: mix, depth: depth, equivalentAirDepth: try DivePlanning.equivalentAirDepth(of: mix, at: depth))
        } catch {
            throw LogbookError(.planningRefused(.notBreathable(mix: error.mix, depth: error.depth)))
        }
    }
}
