import GaslogCore
import LogbookStore
import NitroxCalculator

/// The schemas of what the API answers, as the document's components:
/// those of typed results from the types themselves (``DeclaredResult``),
/// the others, whose JSON a command still writes, by name.
enum ResultSchemas {
    /// The results with a type of their own.
    static var typed: [any DeclaredResult.Type] {
        [
            FillRecord.self, FillResult.self, VoidResult.self, Warning.self, APIError.self, CurrentGasEntry.self, CylinderResult.self,
            BlendResult.self, ImportSummary.self, BestMixResult.self, EquivalentAirDepthResult.self, EquivalentNarcoticDepthResult.self,
            PartialPressureResult.self, DepthTableResult.self, BillResult.self, PriceResult.self, PriceListResult.self, PaymentResult.self,
            AdjustmentResult.self, CompressorResult.self, CompressorListResult.self, CompressorLogResult.self, AirTestResult.self,
            DueResult.self, SettingsResult.self, SettingResult.self,
        ]
    }

    /// Every schema of the document's components, by name.
    static var all: [(name: String, schema: JSONSchema)] {
        typed.map { ($0.schemaName, $0.schema) } + named
    }

    /// The same object, with `warnings`: required once its use case gives
    /// them, optional while a command still answers it.
    static func withWarnings(_ schema: JSONSchema, required: Bool = false) -> JSONSchema {
        var schema = schema
        schema.properties.append(("warnings", Warning.list))
        if required { schema.required.append("warnings") }
        return schema
    }

    /// The schemas of results that have no type of their own yet.
    static let named: [(name: String, schema: JSONSchema)] = [
        ("LoggedFill", loggedFill),
        (
            "TaggedFill",
            JSONSchema.all([
                .named("LoggedFill"),
                .object([("mod_from", .enumeration(["blender", "diver"]))], required: ["mod_from"]),
            ]).described("A fill's tag: the log's keys, and which reading the MOD is from.")
        ),
        ("CylinderMOD", MaximumDepthResult.cylinderSchema),
        ("MixMOD", MaximumDepthResult.mixSchema),
        ("Health", health),
        (
            "Document",
            JSONSchema.object([], required: ["openapi", "info", "paths"]).described("An OpenAPI 3.1 document.")
        ),
    ]

    private static var loggedFill: JSONSchema {
        JSONSchema.all([
            FillRecord.reference,
            .object(
                [
                    ("unit", .unit), ("mod", JSONSchema.integer().described("The MOD in the unit's depth.")),
                    ("pressure", JSONSchema.number.orNull.described("The fill pressure in bar (metric) or psi (imperial).")),
                ], required: ["unit", "mod", "pressure"]),
        ]).described("A fill as the log gives it: the export's keys, then its MOD and pressure in the unit in force.")
    }

    private static var health: JSONSchema {
        var ok = JSONSchema.string
        ok.constant = .string("ok")
        return .object([("status", ok)], required: ["status"])
    }
}
