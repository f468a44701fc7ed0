import LogbookStore

/// A fill just voided: the export's keys, and `warnings`.
public struct VoidResult: UseCaseResult, DeclaredResult {
    /// The fill as stored, now void.
    public let fill: FillRecord

    /// The export's keys, then `warnings`.
    public func json(warnings: [Warning]) -> JSONValue {
        guard case .object(let members) = FillLogFormat.json(fill) else { return FillLogFormat.json(fill) }
        return .object(members, warnings: warnings)
    }

    /// Its name among the OpenAPI document's schemas.
    public static let schemaName = "VoidedFill"
    /// The export's keys, then `warnings`.
    public static var schema: JSONSchema {
        JSONSchema.all([FillRecord.reference, JSONSchema.object([]).withWarnings()]).described("The fill, now void: the export's keys, and warnings.")
    }
}
