import LogbookStore
import NitroxCalculator

/// The equivalent air depth of a nitrox at a depth, for reading air tables.
/// A depth where the mix is not breathable is refused.
public struct EquivalentAirDepth: UseCase {
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
