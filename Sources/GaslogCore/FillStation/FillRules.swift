import LogbookStore
import NitroxCalculator

/// Every fill-station rule a fill is held to, run in one place, in the
/// order a refusal lists them: the cylinder's (``FillCheck``), the
/// compressor's choice (``FillRule/compressorChoice(for:settings:)``) and the
/// compressor's own (``CompressorCheck``). It reads the facts the rules
/// need through the transaction; the rules themselves are ``FillRule``'s.
struct FillRules {
    /// The compressor whose checks ran, if any.
    let compressor: Compressor?
    /// Every rule that refuses the fill, in order, as one refusal; `nil` when none does.
    let refusal: FillRefusal?
    /// What the register does not know of the cylinder.
    let unknownFacts: [UnknownFact]
    /// What the register does not know of the compressor.
    let compressorUnknownFacts: [CompressorFact]

    /// Applies every rule to `request`, whose start is decided, filling
    /// `cylinder` at `filledAt`, reading the compressor's register in `transaction`.
    init(_ request: FillRequest, cylinder: Cylinder, filledAt: Timestamp, settings: LogbookSettings, in transaction: WriteTransaction) throws {
        let check = FillCheck(
            cylinder: cylinder, mix: request.mix, pressure: request.pressure,
            date: filledAt.localDate, settings: settings,
            addedOxygen: FillCheck.addedOxygen(by: request, volume: cylinder.volume).map { .decantsOxygen(litres: $0.litres) })
        // The compressor's checks, as of the fill's time, after the cylinder's.
        let choice = FillRule.compressorChoice(for: request, settings: settings)
        let compressor = try choice.name.map { name in try transaction.compressor(named: name) }
        let compressorCheck = try compressor.map { compressor in
            CompressorCheck(try transaction.status(of: compressor, at: filledAt, settings: settings), date: filledAt.localDate)
        }
        let rules = check.failures + choice.broken + (compressorCheck?.failures ?? [])
        self.compressor = compressor
        refusal = rules.isEmpty ? nil : FillRefusal(cylinder: cylinder.name, rules: rules, unit: request.unit ?? settings.unit, isBlendPlan: false)
        unknownFacts = check.unknownFacts
        compressorUnknownFacts = compressorCheck?.unknownFacts ?? []
    }
}
