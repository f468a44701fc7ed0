/// A partial-pressure blend: from what a cylinder holds, optionally bleed
/// down, add pure oxygen, then top off with a top-off gas (usually air) to
/// reach a target mix at a target pressure.
///
/// The arithmetic is ideal-gas, as printed blending tables are. With P0 and f0
/// the start, Pt and ft the target and fa the top-off gas:
///
///     O2 to add = (Pt·(ft − fa) − P0·(f0 − fa)) / (1 − fa)
///
/// When that is negative the cylinder holds too much oxygen, and when the
/// start holds more nitrogen than the target it holds too much gas; either way
/// it is bled down first. Every gauge reading is rounded to the unit's step
/// (1 bar or 10 psi), and oxygen to the lean side, so the mix the plan's own
/// numbers give never exceeds the target.
public struct BlendPlan: Sendable, Equatable {
    /// The unit system the gauge readings are read and rounded in.
    public let unit: UnitSystem
    /// The start: the gauge reading and the gas in the cylinder.
    public let from: Rational
    /// The gas in the cylinder at the start.
    public let fromMix: GasMix
    /// The mix the blend aims for.
    public let target: GasMix
    /// The gauge reading to fill to, rounded to the unit's step.
    public let to: Rational
    /// The reading to bleed down to, when the start must be reduced.
    public let bleedTo: Rational?
    /// The reading after adding oxygen.
    public let oxygenTo: Rational
    /// The gas added last to reach the target pressure, usually air.
    public let topOffGas: GasMix
    /// The oxygen fraction the plan's rounded numbers give.
    public let finalFraction: Rational

    /// Oxygen to add, as a pressure.
    public var oxygenToAdd: Rational { oxygenTo - (bleedTo ?? from) }

    /// The final oxygen percentage, to hundredths, rounded down.
    public var finalPercentText: String {
        Rational.formatScaled((finalFraction * Rational(10_000)).floor, fractionDigits: 2)
    }

    /// 1 bar or 10 psi: how finely a fill-station gauge is read.
    public static func step(in unit: UnitSystem) -> Rational {
        unit == .metric ? Rational(1) : Rational(10)
    }

    /// Why no blend can reach the target.
    public enum Failure: Error, Equatable {
        /// The target is leaner than the top-off gas: no amount of oxygen helps.
        case targetBelowTopOff
    }

    /// Plans the blend. Pressures are gauge readings in `unit`; they are first
    /// rounded to the unit's step, and the plan is exact from there.
    public init(
        from startPressure: Pressure, fromMix: GasMix, target: GasMix, to targetPressure: Pressure,
        topOff: GasMix = .air, unit: UnitSystem
    ) throws(Failure) {
        guard target >= topOff else { throw .targetBelowTopOff }
        let step = BlendPlan.step(in: unit)
        func reading(_ pressure: Pressure) -> Rational {
            let value = unit == .metric ? pressure.bar : pressure.psi
            return Rational((value / step).roundedHalfDown) * step
        }
        func floorToStep(_ value: Rational) -> Rational { Rational((value / step).floor) * step }

        let start = reading(startPressure), end = reading(targetPressure)
        let f0 = fromMix.oxygenFraction, ft = target.oxygenFraction, fa = topOff.oxygenFraction
        let one = Rational(1)

        // The most start gas that can stay: no more oxygen than the target
        // holds, above what the top-off gas brings, and no more nitrogen.
        var keep = start
        if f0 > fa { keep = min(keep, end * (ft - fa) / (f0 - fa)) }
        if f0 < one { keep = min(keep, end * (one - ft) / (one - f0)) }
        let bleedTo: Rational? = keep < start ? floorToStep(keep) : nil
        let kept = bleedTo ?? start

        let oxygen = fa == one ? Rational(0) : (end * (ft - fa) - kept * (f0 - fa)) / (one - fa)
        let oxygenTo = min(max(floorToStep(kept + oxygen), kept), end)

        self.unit = unit
        self.from = start
        self.fromMix = fromMix
        self.target = target
        self.to = end
        self.bleedTo = bleedTo
        self.oxygenTo = oxygenTo
        self.topOffGas = topOff
        finalFraction =
            end == Rational(0)
            ? f0
            : (kept * f0 + (oxygenTo - kept) + (end - oxygenTo) * fa) / end
    }
}
