import LogbookStore
import NitroxCalculator

/// A fill as stored, with what its tag says beside the MOD: the export's
/// keys in JSON, and `warnings`.
public struct FillResult: UseCaseResult, DeclaredResult {
    /// The fill as stored.
    public let fill: FillRecord
    /// The unit the fill was asked in.
    public let unit: UnitSystem
    /// END, density and a hypoxic mix's minimum depth at the MOD as shown.
    public let facts: MixFacts
    /// What the fill was charged, and the currency it is in.
    public let charge: Charge
    /// The ISO 4217 code the charge is in.
    public let currency: String

    /// The export's keys, then `warnings`.
    public func json(warnings: [Warning]) -> JSONValue {
        guard case .object(let members) = FillLogFormat.json(fill) else { return FillLogFormat.json(fill) }
        return .object(members, warnings: warnings)
    }

    /// The new fill.
    public var created: CreatedRecord? { .fill(id: fill.id) }

    /// Its name among the OpenAPI document's schemas.
    public static let schemaName = "RecordedFill"
    /// The export's keys, then `warnings`.
    public static var schema: JSONSchema {
        JSONSchema.all([FillRecord.reference, JSONSchema.object([]).withWarnings()])
            .described("The fill recorded: the export's keys, and the warnings of the fill-station checks.")
    }
}
