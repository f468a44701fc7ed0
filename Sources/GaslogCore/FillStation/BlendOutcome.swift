import LogbookStore
import NitroxCalculator

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
