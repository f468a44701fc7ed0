/// A trimix blend by partial pressure (helium, then pure oxygen, then a top-off gas) with real-gas gauge readings.
///
/// Quantities of gas are measured as `GasCompressibility.amount` measures them (bar / Z, proportional to
/// moles per litre of cylinder), so each stage adds the moles of each gas the target needs; the gauge
/// readings are the pressures at which the cylinder's contents then sit. With n a quantity and O, He, N
/// fractions, of the target (t), the start (0) and the top-off gas (a):
///
///     top-off = (nt·Nt − n0·N0) / Na
///     helium  = (nt·Het − n0·He0) − top-off·Hea
///     oxygen  = (nt·Ot − n0·O0) − top-off·Oa
///
/// The top-off gas is normally air or a nitrox (Hea = 0); one with helium works the same way. Any amount
/// may come out negative: the start holds too much of that gas, and the cylinder must first be bled, which
/// this type does not plan. With the `.ideal` model (Z = 1) the same code gives the ideal-gas blending
/// formulas that printed tables use.
public struct RealGasBlend: Sendable, Equatable {
    /// A breathing gas by its oxygen and helium fractions (0...1); the rest is nitrogen.
    public struct Gas: Sendable, Equatable {
        /// The oxygen fraction, 0...1.
        public var oxygen: Double
        /// The helium fraction, 0...1.
        public var helium: Double

        /// The nitrogen fraction: whatever is not oxygen or helium.
        public var nitrogen: Double { 1 - oxygen - helium }

        /// A gas from its oxygen and helium fractions.
        public init(oxygen: Double, helium: Double = 0) {
            self.oxygen = oxygen
            self.helium = helium
        }

        /// Air as gaslog's blending tables take it: 21 % oxygen, no helium.
        public static let air = Gas(oxygen: 0.21)
        /// Pure oxygen.
        public static let pureOxygen = Gas(oxygen: 1)
        /// Pure helium.
        public static let pureHelium = Gas(oxygen: 0, helium: 1)

        /// Fractions are in 0...1 and oxygen and helium leave a nitrogen fraction that is not negative, give or
        /// take rounding (0.3 + 0.7 need not be exactly 1 in binary).
        var isValid: Bool {
            (0...1).contains(oxygen) && (0...1).contains(helium) && nitrogen >= -RealGasBlend.fractionTolerance
        }
    }

    /// How gauge readings become quantities of gas and back.
    public enum Model: Sendable, Equatable {
        /// Every gas is ideal (Z = 1): the quantity is the gauge reading itself.
        case ideal
        /// Subsurface's virial fit, `GasCompressibility`.
        case subsurface

        /// The quantity of `gas` in a cylinder at a gauge reading in bar.
        public func amount(of gas: Gas, bar: Double) -> Double {
            switch self {
            case .ideal: bar
            case .subsurface: GasCompressibility.amount(oxygen: gas.oxygen, helium: gas.helium, bar: bar)
            }
        }

        /// The gauge reading in bar at which a quantity of `gas` sits in its cylinder.
        public func pressure(of gas: Gas, amount: Double) -> Double {
            switch self {
            case .ideal: amount
            case .subsurface: GasCompressibility.pressure(oxygen: gas.oxygen, helium: gas.helium, amount: amount)
            }
        }
    }

    /// Why a blend cannot be planned.
    public enum Failure: Error, Equatable {
        /// A fraction is outside 0...1, or oxygen and helium together exceed 1.
        case fractionOutOfRange
        /// A pressure is negative or not finite.
        case pressureOutOfRange
        /// The top-off gas holds no nitrogen, so no stage brings the target's nitrogen.
        case topOffWithoutNitrogen
    }

    /// How this plan turns readings into quantities.
    public let model: Model
    /// The gas already in the cylinder.
    public let start: Gas
    /// The gauge reading before blending, bar.
    public let startPressure: Double
    /// The mix to make.
    public let target: Gas
    /// The final gauge reading, bar: the reading after topping off.
    public let targetPressure: Double
    /// The gas that tops the cylinder off, normally air.
    public let topOff: Gas

    /// The quantity of helium to add (bar / Z); negative when the start holds too much helium.
    public let heliumAmount: Double
    /// The quantity of oxygen to add (bar / Z); negative when the start holds too much oxygen.
    public let oxygenAmount: Double
    /// The quantity of top-off gas to add (bar / Z); negative when the start holds too much nitrogen.
    public let topOffAmount: Double
    /// The gauge reading, bar, to fill helium to.
    public let heliumTo: Double
    /// The gauge reading, bar, to fill oxygen to; the top-off then goes to `targetPressure`.
    public let oxygenTo: Double

    /// Slack for fractions that should sum to 1 but are binary approximations.
    static let fractionTolerance = 1e-9

    /// Plans the blend from `start` at a gauge reading to `target` at another, all pressures in bar.
    public init(
        from start: Gas, at startPressure: Double, to target: Gas, at targetPressure: Double, topOff: Gas = .air,
        model: Model = .subsurface
    ) throws(Failure) {
        guard start.isValid, target.isValid, topOff.isValid else { throw .fractionOutOfRange }
        guard startPressure.isFinite, targetPressure.isFinite, startPressure >= 0, targetPressure >= 0 else {
            throw .pressureOutOfRange
        }
        guard topOff.nitrogen > Self.fractionTolerance else { throw .topOffWithoutNitrogen }

        let final = model.amount(of: target, bar: targetPressure)
        var contents = Contents(model.amount(of: start, bar: startPressure), of: start)
        // Only the top-off brings nitrogen, so it is fixed first; the other two make up what it leaves short.
        let topOffAmount = (final * target.nitrogen - contents.nitrogen) / topOff.nitrogen
        let heliumAmount = final * target.helium - contents.helium - topOffAmount * topOff.helium
        let oxygenAmount = final * target.oxygen - contents.oxygen - topOffAmount * topOff.oxygen

        contents.add(heliumAmount, of: .pureHelium)
        heliumTo = contents.reading(model, filling: .pureHelium)
        contents.add(oxygenAmount, of: .pureOxygen)
        oxygenTo = contents.reading(model, filling: .pureOxygen)

        self.model = model
        self.start = start
        self.startPressure = startPressure
        self.target = target
        self.targetPressure = targetPressure
        self.topOff = topOff
        self.heliumAmount = heliumAmount
        self.oxygenAmount = oxygenAmount
        self.topOffAmount = topOffAmount
    }

    /// The mix these readings would give this plan's start and top-off gas, by this plan's model.
    public func resultingMix(heliumTo: Double, oxygenTo: Double, final: Double) -> Gas {
        Self.resultingMix(
            start: start, at: startPressure, heliumTo: heliumTo, oxygenTo: oxygenTo, final: final, topOff: topOff,
            model: model)
    }

    /// The mix that filling helium to `heliumTo`, oxygen to `oxygenTo` and the top-off gas to `final` gives.
    ///
    /// Each stage adds exactly the quantity of its gas that brings the new contents to the stage's reading.
    /// A reading below the one before it is taken as a bleed to that reading, which leaves the mix as it is:
    /// that is what the gauge would show. Readings are gauge pressures in bar, not negative.
    public static func resultingMix(
        start: Gas, at startPressure: Double, heliumTo: Double, oxygenTo: Double, final: Double, topOff: Gas = .air,
        model: Model = .subsurface
    ) -> Gas {
        var contents = Contents(model.amount(of: start, bar: startPressure), of: start)
        contents.fill(with: .pureHelium, to: heliumTo, model: model)
        contents.fill(with: .pureOxygen, to: oxygenTo, model: model)
        contents.fill(with: topOff, to: final, model: model)
        return contents.gas(or: start)
    }
}

/// What a cylinder holds, as a quantity (bar / Z) of each gas, while it is filled stage by stage.
private struct Contents {
    var oxygen: Double
    var helium: Double
    var nitrogen: Double

    var total: Double { oxygen + helium + nitrogen }

    init(_ quantity: Double, of gas: RealGasBlend.Gas) {
        oxygen = quantity * gas.oxygen
        helium = quantity * gas.helium
        nitrogen = quantity * gas.nitrogen
    }

    /// The mix; an empty cylinder has none, so `fallback` stands in (its pressure is 0 whatever the mix).
    func gas(or fallback: RealGasBlend.Gas) -> RealGasBlend.Gas {
        let total = total
        guard total != 0 else { return fallback }
        return RealGasBlend.Gas(oxygen: oxygen / total, helium: helium / total)
    }

    mutating func add(_ quantity: Double, of gas: RealGasBlend.Gas) {
        oxygen += quantity * gas.oxygen
        helium += quantity * gas.helium
        nitrogen += quantity * gas.nitrogen
    }

    /// The gauge reading; `filling` is the gas the stage added, which is all there is if the cylinder was empty.
    func reading(_ model: RealGasBlend.Model, filling: RealGasBlend.Gas) -> Double {
        model.pressure(of: gas(or: filling), amount: total)
    }

    /// Adds `gas` until the gauge reads `bar`, or bleeds down to `bar` if it already reads more.
    mutating func fill(with gas: RealGasBlend.Gas, to bar: Double, model: RealGasBlend.Model) {
        let before = total
        let mix = self.gas(or: gas)
        let unchanged = model.amount(of: mix, bar: bar)
        if unchanged <= before {
            // A bleed lets out the mix as it is, so every gas goes down in proportion.
            let ratio = before > 0 ? unchanged / before : 0
            (oxygen, helium, nitrogen) = (oxygen * ratio, helium * ratio, nitrogen * ratio)
            return
        }
        // Adding up to a total m leaves a mix whose quantity at `bar` must be m: find m. The mix moves from the
        // current one towards `gas` as m grows, and Z is linear in the fractions, so the quantity at `bar` stays
        // between the two ends' quantities: m is at most the larger. And m − quantity(m) has a slope of at least
        // 1 − |ΔZ|/Z > 0 wherever it is zero, so it has just one zero, which bisection finds.
        let addedAt = model.amount(of: gas, bar: bar)
        let total = GasCompressibility.crossing(from: before, to: max(unchanged, addedAt)) { total in
            var trial = self
            trial.add(total - before, of: gas)
            return total - model.amount(of: trial.gas(or: gas), bar: bar)
        }
        add(total - before, of: gas)
    }
}
