import NitroxCalculator

/// A blend to plan: the cylinder, what it should hold, and what it holds now
/// where the log does not say.
public struct BlendRequest: Sendable {
    /// The cylinder to blend in.
    public var cylinder: CylinderName
    /// The mix to blend.
    public var target: GasMix
    /// The pressure to fill to.
    public var to: Pressure
    /// The pressure in the cylinder now; `nil` takes its last fill's.
    public var from: Pressure?
    /// The gas in the cylinder now; `nil` takes its current gas from the log.
    public var fromMix: GasMix?
    /// The gas to top off with, usually air.
    public var topOff: GasMix
    /// The unit system the plan's gauge readings are rounded in.
    public var unit: UnitSystem
    /// Plans although a check refuses the cylinder.
    public var overrideReason: String?
    /// Plans with Subsurface's real-gas model instead of the ideal gas.
    public var realGas: Bool

    /// A blend of `target` to `to` in `cylinder`, topped off with air unless another gas is given.
    public init(
        cylinder: CylinderName, target: GasMix, to: Pressure, from: Pressure? = nil, fromMix: GasMix? = nil,
        topOff: GasMix = .air, unit: UnitSystem, overrideReason: String? = nil, realGas: Bool = false
    ) {
        self.cylinder = cylinder
        self.target = target
        self.to = to
        self.from = from
        self.fromMix = fromMix
        self.topOff = topOff
        self.unit = unit
        self.overrideReason = overrideReason
        self.realGas = realGas
    }
}

extension Logbook {
    /// A planned blend, the cylinder's name as the log writes it, and what
    /// the blender should be told about it.
    public struct BlendOutcome: Sendable {
        /// The plan.
        public let plan: BlendPlan
        /// The cylinder's name as the register writes it.
        public let cylinder: String
        /// Register facts the checks needed and did not have.
        public let unknownFacts: [UnknownFact]
        /// The refusal that an override set aside, if any.
        public let overridden: FillRefusal?
        /// When the request named the cylinder by an earlier name: both names.
        public let earlierName: EarlierName?
    }

    /// Plans a partial-pressure blend from what the log says the cylinder
    /// holds. The register's checks for a blend apply as for a fill: retired,
    /// out of test, the working pressure, and oxygen service whenever the plan
    /// puts pure oxygen through the valve.
    public func planBlend(_ request: BlendRequest) throws(LogbookError) -> BlendOutcome {
        try perform(writing: false) { database in
            try database.readTransaction {
                let name = request.cylinder
                let resolution = try resolve(name, in: database)
                let cylinder = resolution?.cylinder
                let current = try cylinder.flatMap { cylinder in
                    try CurrentGasLookup(database, latest: latestFillTime()).gas(of: cylinder).fill
                }
                guard let startPressure = request.from ?? current?.pressure else {
                    throw LogbookError(
                        .blendStartUnknown(
                            cylinder: current?.cylinder ?? cylinder?.name ?? name.text,
                            missing: current == nil ? .noFill : .noPressure))
                }
                // The richer reading, as on the tag: a plan from a leaner start
                // would add too much oxygen.
                guard let startMix = request.fromMix ?? current?.referenceMix ?? (startPressure.centibar == 0 ? GasMix.air : nil) else {
                    throw LogbookError(.blendStartUnknown(cylinder: cylinder?.name ?? name.text, missing: .noGas))
                }
                let plan: BlendPlan
                do {
                    plan = try BlendPlan(
                        from: startPressure, fromMix: startMix, target: request.target, to: request.to,
                        topOff: request.topOff, unit: request.unit, realGas: request.realGas)
                } catch BlendPlan.Failure.topOffWithHelium {
                    throw LogbookError(.topOffWithHelium(request.topOff))
                } catch {
                    throw LogbookError(.unreachableBlend(target: request.target, topOff: request.topOff))
                }
                guard let cylinder else {
                    return BlendOutcome(plan: plan, cylinder: name.text, unknownFacts: [], overridden: nil, earlierName: nil)
                }
                let settings = try settings(in: database)
                // What the cylinder keeps, after any bleed, is where the oxygen is added from.
                let kept = plan.bleedTo.map { plan.unit == .metric ? Pressure(bar: $0) : Pressure(psi: $0) } ?? startPressure
                let added = AddedOxygen.decanted(
                    volume: cylinder.volume, start: startMix, startPressure: kept, mix: request.target, pressure: request.to,
                    topOffOxygenPermille: request.topOff.oxygenPermille)
                let check = FillCheck(
                    cylinder: cylinder, mix: request.target, pressure: request.to, date: clock().localDate,
                    settings: settings, addedOxygen: added == nil ? nil : .pureOxygenThroughValve)
                let refusal = check.refusal(of: cylinder, unit: request.unit)
                if let refusal, request.overrideReason == nil {
                    throw LogbookError(.blendRefused(refusal))
                }
                return BlendOutcome(
                    plan: plan, cylinder: cylinder.name, unknownFacts: check.unknownFacts, overridden: refusal,
                    earlierName: resolution?.earlierName)
            }
        }
    }
}
