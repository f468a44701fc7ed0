import GaslogCore
import NitroxCalculator

/// The schemas of what the API answers, as the document's components:
/// those of typed results from the types themselves (``DocumentedResult``),
/// the others, whose JSON a command still writes, by name.
enum ResultSchemas {
    /// The results with a type of their own.
    static var typed: [any DocumentedResult.Type] {
        [
            FillRecord.self, FillResult.self, VoidResult.self, Warning.self, APIError.self, CurrentGas.self, Cylinder.self,
            BlendResult.self, ImportSummary.self, BestMixResult.self, EquivalentAirDepthResult.self, EquivalentNarcoticDepthResult.self,
            PartialPressureResult.self, DepthTableResult.self, BillResult.self, PriceResult.self, PriceListResult.self, PaymentResult.self,
            AdjustmentResult.self, CompressorResult.self, CompressorListResult.self, CompressorLogResult.self, AirTestResult.self,
            DueResult.self,
        ]
    }

    /// Every schema of the document's components, by name.
    static var all: [(name: String, schema: JSONSchema)] {
        typed.map { ($0.schemaName, $0.schema) } + named
    }

    /// `unit` in a result: the unit of its depths and pressures.
    static let unit = JSONSchema.enumeration(UnitSystem.allCases.map(\.rawValue)).described(
        "metric or imperial: the unit of the depths and pressures.")

    /// `warnings`, appended to the objects of the use cases that warn.
    static let warnings = JSONSchema.array(of: Warning.reference).described(
        "What the person at the fill station must hear, though nothing was refused; empty when there is nothing.")

    /// The same object, with `warnings`: required once its use case gives
    /// them, optional while a command still answers it.
    static func withWarnings(_ schema: JSONSchema, required: Bool = false) -> JSONSchema {
        var schema = schema
        schema.properties.append(("warnings", warnings))
        if required { schema.required.append("warnings") }
        return schema
    }

    /// The minimum depth, END and density at a MOD.
    static let heliumFacts: [(name: String, schema: JSONSchema)] = [
        (
            "min_depth",
            JSONSchema.integer().orNull.described(
                "The shallowest depth where the gas is not hypoxic; null when it is breathable at the surface.")
        ),
        ("end", JSONSchema.integer().described("The equivalent narcotic depth at the MOD.")),
        ("density", JSONSchema.number.described("Gas density at the MOD, g/L.")),
    ]

    private static let settingKeys = Setting.allCases.map(\.key)

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
        (
            "CylinderMOD",
            JSONSchema.all([
                .named("CurrentGas"),
                withWarnings(.object(heliumFacts, required: ["min_depth", "end", "density"]), required: true),
            ]).described("A cylinder's current gas and its MOD, with END, density and minimum depth at that MOD.")
        ),
        (
            "MixMOD",
            withWarnings(
                .object(
                    [("label", .string), ("o2", .number), ("ppo2", .number), ("mod", .integer())] + heliumFacts + [("unit", unit)],
                    required: ["label", "o2", "ppo2", "mod", "min_depth", "end", "density", "unit"]), required: true
            ).described("The MOD of a mix.")
        ),
        ("Settings", settings),
        (
            "SettingValue",
            JSONSchema.object(
                [("key", .enumeration(settingKeys)), ("value", JSONSchema.string.described("The value stored, in canonical form."))],
                required: ["key", "value"])
        ),
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
                    ("unit", unit), ("mod", JSONSchema.integer().described("The MOD in the unit's depth.")),
                    ("pressure", JSONSchema.number.orNull.described("The fill pressure in bar (metric) or psi (imperial).")),
                ], required: ["unit", "mod", "pressure"]),
        ]).described("A fill as the log gives it: the export's keys, then its MOD and pressure in the unit in force.")
    }

    static var tableRow: JSONSchema {
        var mod = JSONSchema.of(.object).described("The MOD at each ppO₂ column, keyed by the ppO₂ (\"1.4\").")
        mod.values = .integer()
        return .object([("o2", .number), ("label", .string), ("mod", mod), ("unit", unit)], required: ["o2", "label", "mod", "unit"])
    }

    private static var settings: JSONSchema {
        let words: [Setting: (JSONSchema, String)] = [
            .unit: (.string, "metric or imperial."), .hydroIntervalYears: (.integer(), "1 to 20."),
            .visualIntervalMonths: (.integer(), "1 to 120."), .o2CleanAbove: (.integer(), "21 to 100."),
            .overfillMarginPercent: (.integer(), "0 to 20."), .rounding: (.string, "nearest or down."),
            .fillCreatesCylinders: (.string, "yes or no."), .ppo2Min: (.number, "0.14 to 0.21 bar."),
            .oxygenNarcotic: (.string, "yes or no."), .billingGasModel: (.string, "ideal or real."),
            .currency: (.string, "An ISO 4217 code of three letters."),
            .airTestIntervalMonths: (.integer(), "1 to 24."),
            .defaultCompressor: (.string, "A compressor's name, or none."),
        ]
        let properties = Setting.allCases.map { setting in
            (name: setting.key, schema: words[setting].map { $0.0.described($0.1) } ?? .string)
        }
        return JSONSchema.object(properties, required: settingKeys).described("Every setting's value in force, defaults filled in.")
    }

    private static var health: JSONSchema {
        var ok = JSONSchema.string
        ok.constant = .string("ok")
        return .object([("status", ok)], required: ["status"])
    }
}
