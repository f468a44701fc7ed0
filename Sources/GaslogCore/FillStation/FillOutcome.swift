import LogbookStore

/// What recording a fill produced: the record, and what a blender should
/// be told about it.
public struct FillOutcome: Sendable {
    /// The fill as stored.
    public let record: FillRecord
    /// Registered names one edit from a cylinder this fill created: most
    /// likely a typo.
    public let lookalikes: [String]
    /// Register facts the checks needed and did not have.
    public let unknownFacts: [UnknownFact]
    /// The refusal that an override set aside, if any.
    public let overridden: FillRefusal?
    /// When the fill named its cylinder by an earlier name: both names.
    public let earlierName: EarlierName?
    /// What the fill was charged.
    public let charge: Charge
    /// Why its gas was not priced, when any gas has a price: a logbook
    /// that prices no gas never says so.
    public let unpriced: UnpricedReason?
    /// The compressor that made its air, and what the register does not know of it.
    public let compressor: (name: String, unknownFacts: [CompressorFact])?
}
