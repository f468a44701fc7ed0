import LogbookStore
import NitroxCalculator

extension PlanningRefusal {
    /// The refusal in plain words, naming no front end's controls.
    public var message: String {
        switch self {
        case .notBreathable(let mix, let depth):
            let symbol = depth.unit.depthSymbol
            let deepest = DivePlanning.NotBreathable(mix: mix, depth: depth).deepestBreathable
            let maximum = OxygenPartialPressure.maximum.text
            return "\(mix.label) is not breathable at \(depth.text) \(symbol): its ppO₂ there is over \(maximum) "
                + "(its MOD at \(maximum) is \(deepest) \(symbol))"
        case .noNitrox(let depth, let limit):
            let unit = depth.unit
            // The exact figure, rounded down: a rounded MOD could read as air reaching the depth asked for.
            let exact = MaximumOperatingDepth.exactDepth(mix: .air, partialPressure: limit, in: unit)
            let air = Rational((exact * Rational(10)).floor, 10).decimalString(maximumFractionDigits: 1)
            return "no nitrox reaches \(depth.text) \(unit.depthSymbol): even air reaches only \(air) \(unit.depthSymbol) "
                + "at ppO₂ \(limit.text); plan a shallower dive or a lower-oxygen gas"
        case .noMix(let depth, let limit, let maximumEND):
            let symbol = depth.unit.depthSymbol
            return "no mix reaches \(depth.text) \(symbol) at ppO₂ \(limit.text) with an END of at most "
                + "\(maximumEND.text) \(symbol); plan a shallower dive or allow a deeper END"
        }
    }
}
