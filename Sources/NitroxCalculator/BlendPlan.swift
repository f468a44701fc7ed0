/// A partial-pressure blend: from what a cylinder holds, optionally bleed
/// down, add helium, then pure oxygen, then top off with a top-off gas (air
/// or a nitrox) to reach a target mix at a target pressure.
///
/// The arithmetic is ideal-gas, as printed blending tables are. With K the
/// pressure kept from the start (o₀, h₀, n₀ its fractions), Pt the target
/// (oₜ, hₜ, nₜ) and nₐ the top-off gas's nitrogen:
///
///     top-off = (Pt·nₜ − K·n₀) / nₐ
///     helium  = Pt·hₜ − K·h₀
///     oxygen  = Pt − K − helium − top-off
///
/// When any of them would be negative at K = the start, the cylinder is bled
/// down first to the highest pressure at which none is. Gauge readings are
/// in steps of the unit (1 bar or 10 psi): the helium reading to the nearest
/// step, the oxygen reading, computed from the rounded helium reading, down,
/// so that the mix the plan's own numbers give does not exceed the target's
/// O2, except by a fraction of a point where the oxygen reading cannot go
/// below the rounded helium reading.
public struct BlendPlan: Sendable, Equatable {
    /// The unit system the gauge readings are read and rounded in.
    public let unit: UnitSystem
    /// The start: the gauge reading.
    public let from: Rational
    /// The gas in the cylinder at the start.
    public let fromMix: GasMix
    /// The mix the blend aims for.
    public let target: GasMix
    /// The gauge reading to fill to, rounded to the unit's step.
    public let to: Rational
    /// The reading to bleed down to, when the start must be reduced.
    public let bleedTo: Rational?
    /// The reading after adding helium; the kept pressure when none is added.
    public let heliumTo: Rational
    /// The reading after adding oxygen.
    public let oxygenTo: Rational
    /// The gas added last to reach the target pressure, usually air.
    public let topOffGas: GasMix
    /// The oxygen fraction the plan's rounded numbers give.
    public let finalFraction: Rational
    /// The helium fraction the plan's rounded numbers give.
    public let finalHeliumFraction: Rational
    /// Whether the readings come from Subsurface's real-gas model rather
    /// than the ideal gas.
    public let isRealGas: Bool

    /// What stays in the cylinder before anything is added.
    public var kept: Rational { bleedTo ?? from }
    /// Helium to add, as a pressure.
    public var heliumToAdd: Rational { heliumTo - kept }
    /// Oxygen to add, as a pressure.
    public var oxygenToAdd: Rational { oxygenTo - heliumTo }

    /// The final oxygen percentage, to hundredths, rounded down.
    public var finalPercentText: String {
        Rational.formatScaled((finalFraction * Rational(10_000)).floor, fractionDigits: 2)
    }

    /// The final helium percentage, to hundredths, rounded up: more helium
    /// than planned is the side a diver notices least, so it is not hidden.
    public var finalHeliumPercentText: String {
        Rational.formatScaled((finalHeliumFraction * Rational(10_000)).ceiling, fractionDigits: 2)
    }

    /// 1 bar or 10 psi: how finely a fill-station gauge is read.
    public static func step(in unit: UnitSystem) -> Rational {
        unit == .metric ? Rational(1) : Rational(10)
    }

    /// Why no blend can reach the target.
    public enum Failure: Error, Equatable {
        /// The target holds less oxygen than the top-off gas brings with the
        /// nitrogen it needs: no amount of oxygen helps, even from empty.
        case targetBelowTopOff
        /// The top-off gas holds helium; it must be air or a nitrox.
        case topOffWithHelium
    }

    /// Plans the blend. Pressures are gauge readings in `unit`; they are first
    /// rounded to the unit's step, and the plan is exact from there.
    public init(
        from startPressure: Pressure, fromMix: GasMix, target: GasMix, to targetPressure: Pressure,
        topOff: GasMix = .air, unit: UnitSystem, realGas: Bool = false
    ) throws(Failure) {
        guard !topOff.hasHelium else { throw .topOffWithHelium }
        let step = BlendPlan.step(in: unit)
        func reading(_ pressure: Pressure) -> Rational {
            let value = unit == .metric ? pressure.bar : pressure.psi
            return Rational((value / step).roundedHalfDown) * step
        }
        func nearestStep(_ value: Rational) -> Rational { Rational((value / step).roundedHalfDown) * step }
        func floorToStep(_ value: Rational) -> Rational { Rational((value / step).floor) * step }

        let start = reading(startPressure), end = reading(targetPressure)
        let (o0, h0, n0) = (fromMix.oxygenFraction, fromMix.heliumFraction, fromMix.nitrogenFraction)
        let (ot, ht, nt) = (target.oxygenFraction, target.heliumFraction, target.nitrogenFraction)
        let oa = topOff.oxygenFraction, na = topOff.nitrogenFraction
        let zero = Rational(0), one = Rational(1)

        // Oxygen at K is Pt·(oₜ − nₜ·oₐ/nₐ) − K·(o₀ − n₀·oₐ/nₐ): the target
        // must hold more oxygen than the top-off brings with its nitrogen.
        let targetOxygenBeyondTopOff = na == zero ? ot - oa : ot - nt * oa / na
        let startOxygenBeyondTopOff = na == zero ? o0 - oa : o0 - n0 * oa / na
        guard targetOxygenBeyondTopOff >= zero else { throw .targetBelowTopOff }

        // The most start gas that can stay: no more nitrogen, helium or
        // oxygen (beyond what the top-off brings) than the target holds.
        var keep = start
        if n0 > zero { keep = min(keep, end * nt / n0) }
        if h0 > zero { keep = min(keep, end * ht / h0) }
        if startOxygenBeyondTopOff > zero { keep = min(keep, end * targetOxygenBeyondTopOff / startOxygenBeyondTopOff) }
        var bleedTo: Rational? = keep < start ? floorToStep(keep) : nil
        if realGas, end > zero {
            // Real gases hold a different amount at each reading, so the
            // highest pressure to keep is found by the same model, a step at a time.
            bleedTo = BlendPlan.realGasBleed(start: start, from: fromMix, target: target, end: end, topOff: topOff, unit: unit)
        }
        let kept = bleedTo ?? start

        // Helium first, to the nearest step; then oxygen, from the rounded
        // helium reading, down; the top-off fills the rest.
        var heliumTo = min(max(nearestStep(kept + end * ht - kept * h0), kept), end)
        let oxygen = oa == one ? zero : (end * ot - kept * o0 - (end - heliumTo) * oa) / (one - oa)
        var oxygenTo = min(max(floorToStep(heliumTo + oxygen), heliumTo), end)
        var real: (oxygen: Rational, helium: Rational)?
        if realGas, end > zero,
            let plan = BlendPlan.realGasReadings(
                kept: kept, from: fromMix, target: target, end: end, topOff: topOff, unit: unit)
        {
            // The same steps and rounding, from the readings at which the
            // real gases hold the target fractions.
            heliumTo = min(max(nearestStep(plan.heliumTo), kept), end)
            oxygenTo = min(max(floorToStep(plan.oxygenTo), heliumTo), end)
            real = BlendPlan.realGasResult(kept: kept, from: fromMix, heliumTo: heliumTo, oxygenTo: oxygenTo, end: end, topOff: topOff, unit: unit)
        }

        self.unit = unit
        self.from = start
        self.fromMix = fromMix
        self.target = target
        self.to = end
        self.bleedTo = bleedTo
        self.heliumTo = heliumTo
        self.oxygenTo = oxygenTo
        self.topOffGas = topOff
        isRealGas = real != nil
        if let real {
            finalFraction = real.oxygen
            finalHeliumFraction = real.helium
        } else if end == zero {
            finalFraction = o0
            finalHeliumFraction = h0
        } else {
            finalFraction = (kept * o0 + (oxygenTo - heliumTo) + (end - oxygenTo) * oa) / end
            finalHeliumFraction = (kept * h0 + (heliumTo - kept)) / end
        }
    }

    // MARK: Real gas

    /// A gauge reading in `unit` as bar, and back.
    private static func bar(_ reading: Rational, _ unit: UnitSystem) -> Double {
        let bar = unit == .metric ? reading : reading / Pressure.psiPerBar
        return Double(bar.numerator) / Double(bar.denominator)
    }

    private static func reading(_ bar: Double, _ unit: UnitSystem) -> Rational {
        // Millibar are far finer than any gauge: the reading is rounded to a step afterwards.
        let value = Rational(Int((bar * 1000).rounded()), 1000)
        return unit == .metric ? value : value * Pressure.psiPerBar
    }

    private static func gas(_ mix: GasMix) -> RealGasBlend.Gas {
        RealGasBlend.Gas(oxygen: Double(mix.oxygenPermille) / 1000, helium: Double(mix.heliumPermille) / 1000)
    }

    /// The helium and oxygen readings at which Subsurface's model gives the
    /// target, from the kept pressure; `nil` when the model cannot plan it.
    private static func realGasReadings(
        kept: Rational, from: GasMix, target: GasMix, end: Rational, topOff: GasMix, unit: UnitSystem
    ) -> (heliumTo: Rational, oxygenTo: Rational)? {
        guard
            let plan = try? RealGasBlend(
                from: gas(from), at: bar(kept, unit), to: gas(target), at: bar(end, unit), topOff: gas(topOff), model: .subsurface)
        else { return nil }
        return (reading(plan.heliumTo, unit), reading(plan.oxygenTo, unit))
    }

    /// The highest reading, in steps down from the start, at which the real-gas
    /// plan adds no negative amount of any gas; `nil` when the start itself is.
    private static func realGasBleed(
        start: Rational, from: GasMix, target: GasMix, end: Rational, topOff: GasMix, unit: UnitSystem
    ) -> Rational? {
        let step = BlendPlan.step(in: unit)
        var kept = start
        while kept > Rational(0) {
            guard
                let plan = try? RealGasBlend(
                    from: gas(from), at: bar(kept, unit), to: gas(target), at: bar(end, unit), topOff: gas(topOff), model: .subsurface)
            else { break }
            if min(plan.heliumAmount, plan.oxygenAmount, plan.topOffAmount) >= -1e-9 { break }
            kept = max(Rational(((kept - step) / step).ceiling) * step, Rational(0))
        }
        return kept < start ? kept : nil
    }

    /// The fractions that the rounded readings give by the same model, to a
    /// millionth.
    private static func realGasResult(
        kept: Rational, from: GasMix, heliumTo: Rational, oxygenTo: Rational, end: Rational, topOff: GasMix, unit: UnitSystem
    ) -> (oxygen: Rational, helium: Rational) {
        let mix = RealGasBlend.resultingMix(
            start: gas(from), at: bar(kept, unit), heliumTo: bar(heliumTo, unit), oxygenTo: bar(oxygenTo, unit),
            final: bar(end, unit), topOff: gas(topOff), model: .subsurface)
        return (Rational(Int((mix.oxygen * 1_000_000).rounded()), 1_000_000), Rational(Int((mix.helium * 1_000_000).rounded()), 1_000_000))
    }
}
