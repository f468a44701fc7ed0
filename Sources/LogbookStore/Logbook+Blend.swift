import NitroxCalculator

/// A blend to plan: the cylinder, what it should hold, and what it holds now
/// where the log does not say.
public struct BlendRequest: Sendable {
    public var cylinder: CylinderName
    public var target: GasMix
    public var to: Pressure
    /// The pressure in the cylinder now; `nil` takes its last fill's.
    public var from: Pressure?
    /// The gas in the cylinder now; `nil` takes its current gas from the log.
    public var fromMix: GasMix?
    public var topOff: GasMix
    public var unit: UnitSystem
    /// Plans although a check refuses the cylinder.
    public var overrideReason: String?

    public init(cylinder: CylinderName, target: GasMix, to: Pressure, from: Pressure? = nil, fromMix: GasMix? = nil,
                topOff: GasMix = .air, unit: UnitSystem, overrideReason: String? = nil) {
        self.cylinder = cylinder
        self.target = target
        self.to = to
        self.from = from
        self.fromMix = fromMix
        self.topOff = topOff
        self.unit = unit
        self.overrideReason = overrideReason
    }
}

extension Logbook {
    /// A planned blend, the cylinder's name as the log writes it, and warnings.
    public struct BlendOutcome: Sendable {
        public let plan: BlendPlan
        public let cylinder: String
        public let warnings: [String]
    }

    /// Plans a partial-pressure blend from what the log says the cylinder
    /// holds. The register's checks for a blend apply as for a fill: retired,
    /// out of test, the working pressure, and oxygen service whenever the plan
    /// puts pure oxygen through the valve.
    public func planBlend(_ request: BlendRequest) throws(LogbookError) -> BlendOutcome {
        try perform(writing: false) { database in
            try database.readTransaction {
                let name = request.cylinder
                let cylinder = try cylinder(named: name, in: database)
                let current = try cylinder.flatMap { cylinder in
                    try CurrentGasLookup(database, latest: latestFillTime()).gas(of: cylinder).fill
                }
                guard let startPressure = request.from ?? current?.pressure else {
                    throw LogbookError(.refused, current == nil
                        ? "cylinder \(quoted(name.text)) has no fill in the log; give --from (and --from-gas unless it is empty)"
                        : "the last fill of \(quoted(cylinder!.name)) has no pressure; give --from")
                }
                // The richer reading, as on the tag: a plan from a leaner start
                // would add too much oxygen.
                guard let startMix = request.fromMix ?? current?.referenceMix ?? (startPressure.centibar == 0 ? GasMix.air : nil) else {
                    throw LogbookError(.refused, "cylinder \(quoted(name.text)) has no current gas in the log; give --from-gas")
                }
                let plan: BlendPlan
                do {
                    plan = try BlendPlan(from: startPressure, fromMix: startMix, target: request.target, to: request.to,
                                         topOff: request.topOff, unit: request.unit)
                } catch {
                    throw LogbookError(.refused, "\(request.target.label) is leaner than the top-off gas (\(request.topOff.label)): "
                        + "no amount of oxygen reaches it; top off with a leaner gas or pick a richer target")
                }
                var warnings: [String] = []
                if let cylinder {
                    let check = FillCheck(cylinder: cylinder, mix: request.target, pressure: request.to, date: clock().localDate,
                                          settings: try settings(in: database), addsPureOxygen: plan.oxygenToAdd > Rational(0))
                    if !check.refusals.isEmpty {
                        guard request.overrideReason != nil else {
                            throw LogbookError(.refused, "blend refused: " + check.refusals.joined(separator: "; ")
                                + "; or plan anyway with --override REASON")
                        }
                        warnings.append("planned despite: " + check.refusals.joined(separator: "; "))
                    }
                    if let warning = check.warning(for: cylinder.name) { warnings.append(warning) }
                }
                return BlendOutcome(plan: plan, cylinder: cylinder?.name ?? name.text, warnings: warnings)
            }
        }
    }
}
