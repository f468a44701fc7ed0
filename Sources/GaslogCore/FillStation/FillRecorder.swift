import LogbookStore
import NitroxCalculator

/// Records a fill by the fill station's policy: the tolerance and the
/// fill's time first, then, inside one write transaction, the cylinder
/// (created when its name is new), its start gas, every rule of
/// ``FillRules``, the payer, and the fill with its audit entry and its charge.
/// The store only reads and inserts what this decides.
public struct FillRecorder {
    /// The fill as the blender reports it.
    public let request: FillRequest

    /// A recorder of `request`.
    public init(_ request: FillRequest) {
        self.request = request
    }

    /// Records the fill in `logbook`, creating its cylinder when the name
    /// is new. A name the cylinder had before a rename fills that cylinder,
    /// with all its checks; a cylinder is never created under another's
    /// earlier name.
    ///
    /// The MOD is computed here, through the calculator, and stored with the
    /// fill as it goes on the cylinder's tag. The checks run in the same
    /// transaction, against the register as it is at that moment; a refusal
    /// writes nothing unless the request carries an override. The audit
    /// trail records the fill for the request's `recordedBy`.
    func record(in logbook: Logbook) throws(LogbookError) -> FillOutcome {
        try AnalysisTolerance.check(request)
        let limit = EntryTimeLimit(clockOf: logbook)
        let now = limit.now
        let filledAt = request.filledAt ?? now
        if filledAt > limit.latest {
            throw LogbookError(.fillInFuture(filledAt: filledAt, now: now))
        }
        return try logbook.write { transaction in
            let settings = try transaction.settings()
            let rounding = request.rounding ?? settings.rounding
            let depth = MaximumOperatingDepth(mix: request.referenceMix, partialPressure: request.partialPressure, rounding: rounding)
            let (resolution, lookalikes) = try transaction.cylinderToFill(request.cylinder, settings: settings, actor: request.recordedBy)
            let cylinder = resolution.cylinder
            var request = request
            request.start = try start(of: request, cylinder: cylinder, filledAt: filledAt, in: transaction)
            let rules = try FillRules(request, cylinder: cylinder, filledAt: filledAt, settings: settings, in: transaction)
            if let refusal = rules.refusal, request.overrideReason == nil {
                throw LogbookError(refusing: refusal)
            }
            // The diver pays unless another member is named.
            request.billTo = request.billTo ?? request.diver
            let id = try transaction.insertFill(
                request, cylinderID: cylinder.id, filledAt: filledAt, depth: depth, compressorID: rules.compressor?.id, recordedAt: now)
            let prices = try transaction.priceList()
            let charge = FillCharger(prices: prices, model: settings.gasModel).charge(
                fillID: id, filledAt: filledAt, mix: request.mix, pressure: request.pressure, start: request.start,
                volume: cylinder.volume, at: now)
            try transaction.insertCharge(charge, actor: request.recordedBy)
            return FillOutcome(
                record: try transaction.fill(id: id), lookalikes: lookalikes,
                unknownFacts: rules.unknownFacts, overridden: rules.refusal, earlierName: resolution.earlierName,
                charge: charge, unpriced: prices.hasGasPrice ? charge.unpriced : nil,
                compressor: rules.compressor.map { ($0.name, rules.compressorUnknownFacts) })
        }
    }

    /// The fill's start, defaults filled in: its start gas is the one given,
    /// else the blender's analysis of the cylinder's current gas at the
    /// fill's time (air from empty). `nil` when the fill gave no start
    /// pressure. A top-off with helium, or of pure oxygen, is refused, as `blend` refuses it.
    private func start(of request: FillRequest, cylinder: Cylinder, filledAt: Timestamp, in transaction: WriteTransaction) throws
        -> FillStart?
    {
        let topOff = request.topOff ?? .air
        if topOff.hasHelium { throw LogbookError(.topOffWithHelium(topOff)) }
        if topOff.nitrogenPermille == 0 { throw LogbookError(.topOffWithoutNitrogen) }
        guard let from = request.from else { return nil }
        let analysis = try transaction.latestAnalysis(of: cylinder, at: filledAt)
        guard let mix = request.fromMix ?? analysis ?? (from.centibar == 0 ? GasMix.air : nil) else {
            throw LogbookError(.blendStartUnknown(cylinder: cylinder.name, missing: .noGas))
        }
        return FillStart(pressure: from, mix: mix, topOffOxygenPermille: topOff.oxygenPermille)
    }
}
