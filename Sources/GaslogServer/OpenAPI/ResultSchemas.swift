import GaslogCore
import NitroxCalculator

/// The schemas of what the API answers, as the document's components:
/// those of typed results from their declarations (``DeclaredResult``),
/// then the shapes that several results share, then the service's own.
enum ResultSchemas {
    /// The results with a type of their own.
    static var typed: [any DeclaredResult.Type] {
        [
            FillRecord.self, FillResult.self, VoidResult.self, Warning.self, APIError.self, CurrentGasEntry.self, CylinderResult.self,
            BlendResult.self, ImportResult.self, BestMixResult.self, EquivalentAirDepthResult.self, EquivalentNarcoticDepthResult.self,
            PartialPressureResult.self, DepthTableResult.self, BillResult.self, PriceResult.self, PriceListResult.self, PaymentResult.self,
            AdjustmentResult.self, CompressorResult.self, CompressorListResult.self, CompressorLogResult.self, AirTestResult.self,
            DueResult.self, SettingsResult.self, SettingResult.self, TagResult.self,
        ]
    }

    /// Every schema of the document's components, by name.
    static var all: [(name: String, schema: JSONSchema)] {
        typed.map { ($0.schemaName, $0.schema) } + named + service
    }

    /// The shapes of answers that are not one result type of their own.
    static let named: [(name: String, schema: JSONSchema)] = [
        (ResultJSON.loggedFillName, ResultJSON.loggedFillSchema),
        (MaximumDepthResult.cylinderSchemaName, MaximumDepthResult.cylinderSchema),
        (MaximumDepthResult.mixSchemaName, MaximumDepthResult.mixSchema),
    ]

    /// The service's own answers, last: `/healthz`'s and this document's.
    static let service: [(name: String, schema: JSONSchema)] = [
        (LogbookHealth.schemaName, LogbookHealth.schema),
        // Written out: the document describes itself, with OpenAPI's keys, and no result type declares it.
        ("Document", JSONSchema.object([], required: ["openapi", "info", "paths"]).described("An OpenAPI 3.1 document.")),
    ]
}
