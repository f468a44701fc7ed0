import GaslogCore
import LogbookStore
import NitroxCalculator

// The schemas of the results that have a type, declared for the type.

extension FillRecord: DeclaredResult {
    /// Its name among the OpenAPI document's schemas.
    public static let schemaName = "Fill"
    /// The schema of its JSON.
    public static var schema: JSONSchema {
        let text = JSONSchema.string.orNull
        return JSONSchema.object(
            [
                ("id", .integer(minimum: 1)), ("filled_at", JSONSchema.string.described("UTC, ISO 8601.")), ("cylinder", .string),
                ("label", JSONSchema.string.described("The gas as the tag names it: EAN 32, Tx 18/45, Air.")),
                ("o2", JSONSchema.number.described("The blender's O2 reading, percent.")),
                ("ppo2", JSONSchema.number.described("The ppO₂ the MOD was computed at, bar.")),
                ("mod_m", JSONSchema.integer().described("The MOD on the tag, metres.")),
                ("mod_ft", JSONSchema.integer().described("The MOD on the tag, feet.")),
                ("pressure_bar", JSONSchema.number.orNull), ("blender", text), ("diver", text), ("cert", text),
                ("diver_o2", JSONSchema.number.orNull.described("The diver's O2 reading, percent.")), ("note", text),
                ("void_reason", text.described("Set when the fill is void.")),
                ("override_reason", text.described("Set when a fill-station check was overridden.")),
                ("rounding", JSONSchema.string.described("nearest or down: how the MOD was rounded.")),
                ("label_o2", JSONSchema.number.described("The O2 reading the label and MOD come from.")),
                ("he", JSONSchema.number.described("The blender's helium reading, percent (0 for nitrox).")),
                ("diver_he", JSONSchema.number.orNull),
                ("label_he", JSONSchema.number.described("The helium the label and END come from.")),
                ("recorded_by", text.described("The account that recorded the fill, where known.")),
                ("voided_by", text.described("The account that voided the fill, where known.")),
                ("start_bar", JSONSchema.number.orNull.described("The pressure before the fill, bar; null when not given.")),
                (
                    "start_o2",
                    JSONSchema.number.orNull.described("The O2 of the gas in the cylinder before the fill, percent; null without start_bar.")
                ),
                ("start_he", JSONSchema.number.orNull.described("The helium of the gas before the fill, percent; null without start_bar.")),
                ("top_off_o2", JSONSchema.number.orNull.described("The top-off gas's O2, percent (21 for air); null without start_bar.")),
                ("bill_to", text.described("The member who pays; null when there is none.")),
                ("compressor", text.described("The compressor that made the fill's air or top-off; null when none was named.")),
            ],
            required: [
                "id", "filled_at", "cylinder", "label", "o2", "ppo2", "mod_m", "mod_ft", "pressure_bar", "blender", "diver", "cert",
                "diver_o2", "note", "void_reason", "override_reason", "rounding", "label_o2", "he", "diver_he", "label_he",
            ]
        ).described("A fill, with the export's keys (the CSV's columns), null for empty fields. Later versions may add keys.")
    }
}

extension FillResult: DeclaredResult {
    /// Its name among the OpenAPI document's schemas.
    public static let schemaName = "RecordedFill"
    /// The schema of its JSON.
    public static var schema: JSONSchema {
        JSONSchema.all([FillRecord.reference, ResultSchemas.withWarnings(.object([]), required: true)])
            .described("The fill recorded: the export's keys, and the warnings of the fill-station checks.")
    }
}

extension VoidResult: DeclaredResult {
    /// Its name among the OpenAPI document's schemas.
    public static let schemaName = "VoidedFill"
    /// The schema of its JSON.
    public static var schema: JSONSchema {
        JSONSchema.all([FillRecord.reference, ResultSchemas.withWarnings(.object([]), required: true)])
            .described("The fill, now void: the export's keys, and warnings.")
    }
}

extension ImportSummary: DeclaredResult {
    /// Its name among the OpenAPI document's schemas.
    public static let schemaName = "ImportSummary"
    /// The schema of its JSON.
    public static var schema: JSONSchema {
        .object(
            [("imported", .integer(minimum: 0)), ("skipped_duplicates", .integer(minimum: 0)), ("dry_run", .boolean)],
            required: ["imported", "skipped_duplicates", "dry_run"])
    }
}
