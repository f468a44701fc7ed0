import LogbookStore
import NitroxCalculator

/// Plans a partial-pressure blend by the fill station's policy, from what
/// the log says the cylinder holds, read in one snapshot.
public struct BlendPlanner {
    /// The blend asked for.
    public let request: BlendRequest

    /// A planner of `request`.
    public init(_ request: BlendRequest) {
        self.request = request
    }

    /// The plan in `logbook`. The register's checks for a blend apply as for
    /// a fill: retired, out of test, the working pressure, and oxygen
    /// service whenever the plan puts pure oxygen through the valve.
    func plan(in logbook: Logbook) throws(LogbookError) -> BlendOutcome {
        let latest = EntryTimeLimit(clockOf: logbook).latest
        return try logbook.read { transaction in
            let name = request.cylinder
            let resolution = try transaction.resolve(name)
            let cylinder = resolution?.cylinder
            let current = try cylinder.flatMap { cylinder in try transaction.currentGas(of: cylinder, latest: latest).fill }
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
            let settings = try transaction.settings()
            // What the cylinder keeps, after any bleed, is where the oxygen is added from.
            let kept = plan.bleedTo.map { plan.unit == .metric ? Pressure(bar: $0) : Pressure(psi: $0) } ?? startPressure
            let added = AddedOxygen.decanted(
                volume: cylinder.volume, start: startMix, startPressure: kept, mix: request.target, pressure: request.to,
                topOffOxygenPermille: request.topOff.oxygenPermille)
            let check = FillCheck(
                cylinder: cylinder, mix: request.target, pressure: request.to, date: logbook.today(),
                settings: settings, addedOxygen: added == nil ? nil : .pureOxygenThroughValve)
            let refusal = check.refusal(of: cylinder, unit: request.unit, isBlendPlan: true)
            if let refusal, request.overrideReason == nil {
                throw LogbookError(refusing: refusal)
            }
            return BlendOutcome(
                plan: plan, cylinder: cylinder.name, unknownFacts: check.unknownFacts, overridden: refusal,
                earlierName: resolution?.earlierName)
        }
    }
}
