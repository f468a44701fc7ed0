import LogbookStore

extension FillRecord: DeclaredResult {
    /// Its name among the OpenAPI document's schemas.
    public static let schemaName = "Fill"

    /// The export's columns, as the store writes a fill's JSON, each with
    /// what its value may be. Every column is there, `null` when empty.
    public static var schema: JSONSchema {
        JSONSchema.object(
            FillLogFormat.columns.map { (name: $0, schema: columnSchemas[$0] ?? JSONSchema()) }, required: FillLogFormat.columns
        ).described("A fill, with the export's keys (the CSV's columns), null for empty fields. Later versions may add keys.")
    }

    /// The schema of each of the export's columns, by name.
    static let columnSchemas: [String: JSONSchema] = {
        let text = JSONSchema.string.orNull
        return [
            "id": .integer(minimum: 1), "filled_at": JSONSchema.string.described("UTC, ISO 8601."), "cylinder": .string,
            "label": JSONSchema.string.described("The gas as the tag names it: EAN 32, Tx 18/45, Air."),
            "o2": JSONSchema.number.described("The blender's O2 reading, percent."),
            "ppo2": JSONSchema.number.described("The ppO₂ the MOD was computed at, bar."),
            "mod_m": JSONSchema.integer().described("The MOD on the tag, metres."),
            "mod_ft": JSONSchema.integer().described("The MOD on the tag, feet."),
            "pressure_bar": JSONSchema.number.orNull, "blender": text, "diver": text, "cert": text,
            "diver_o2": JSONSchema.number.orNull.described("The diver's O2 reading, percent."), "note": text,
            "void_reason": text.described("Set when the fill is void."),
            "override_reason": text.described("Set when a fill-station check was overridden."),
            "rounding": JSONSchema.string.described("nearest or down: how the MOD was rounded."),
            "label_o2": JSONSchema.number.described("The O2 reading the label and MOD come from."),
            "he": JSONSchema.number.described("The blender's helium reading, percent (0 for nitrox)."),
            "diver_he": JSONSchema.number.orNull,
            "label_he": JSONSchema.number.described("The helium the label and END come from."),
            "recorded_by": text.described("The account that recorded the fill, where known."),
            "voided_by": text.described("The account that voided the fill, where known."),
            "start_bar": JSONSchema.number.orNull.described("The pressure before the fill, bar; null when not given."),
            "start_o2": JSONSchema.number.orNull.described("The O2 of the gas in the cylinder before the fill, percent; null without start_bar."),
            "start_he": JSONSchema.number.orNull.described("The helium of the gas before the fill, percent; null without start_bar."),
            "top_off_o2": JSONSchema.number.orNull.described("The top-off gas's O2, percent (21 for air); null without start_bar."),
            "bill_to": text.described("The member who pays; null when there is none."),
            "compressor": text.described("The compressor that made the fill's air or top-off; null when none was named."),
        ]
    }()
}
