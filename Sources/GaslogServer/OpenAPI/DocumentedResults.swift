import GaslogCore
import NitroxCalculator

// The schemas of the results that have a type, declared for the type.

extension FillRecord: DocumentedResult {
    static let schemaName = "Fill"
    static var schema: JSONSchema {
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

extension FillResult: DocumentedResult {
    static let schemaName = "RecordedFill"
    static var schema: JSONSchema {
        JSONSchema.all([FillRecord.reference, ResultSchemas.withWarnings(.object([]), required: true)])
            .described("The fill recorded: the export's keys, and the warnings of the fill-station checks.")
    }
}

extension VoidResult: DocumentedResult {
    static let schemaName = "VoidedFill"
    static var schema: JSONSchema {
        JSONSchema.all([FillRecord.reference, ResultSchemas.withWarnings(.object([]), required: true)])
            .described("The fill, now void: the export's keys, and warnings.")
    }
}

extension Warning: DocumentedResult {
    static let schemaName = "Warning"
    /// Every code a warning has, in the table's order.
    static let codes = [
        "similar_name", "unknown_facts", "overridden", "other_unit", "density", "ppo2", "hypoxic", "tag_deeper", "retired",
        "renamed", "unpriced",
    ]
    static var schema: JSONSchema {
        JSONSchema.object(
            [
                ("code", JSONSchema.enumeration(codes).described("A stable name that scripts switch on.")),
                ("message", JSONSchema.string.described("The warning in words, for any front end.")),
                ("names", JSONSchema.array(of: .string).described("similar_name: the registered names one edit away.")),
                (
                    "facts",
                    JSONSchema.array(of: .enumeration(["hydro", "visual", "working_pressure", "o2_clean", "air_test", "filter_hours"]))
                        .described(
                            "unknown_facts: what the register does not know (air_test and filter_hours about the compressor it names).")
                ),
                ("compressor", JSONSchema.string.described("unknown_facts about a compressor: the compressor's name.")),
                ("rules", JSONSchema.array(of: .string).described("overridden: the rule codes of the refusal.")),
                ("limit", JSONSchema.enumeration(["recommended", "maximum"]).described("density: the limit the gas is above.")),
                ("cylinder", JSONSchema.string.described("renamed: the cylinder's current name.")),
                ("reason", JSONSchema.string.described("unpriced: why no price applies.")),
            ], required: ["code", "message"]
        ).described("Something to hear, though nothing was refused: its code, its message, and the keys its code lists.")
    }
}

extension APIError: DocumentedResult {
    static let schemaName = "Error"
    static var schema: JSONSchema {
        // FillRule's codes, and the readings' `tolerance`.
        let codes = [
            "retired", "hydro_expired", "visual_expired", "over_pressure", "not_oxygen_clean", "compressor_retired", "air_test_failed",
            "air_test_overdue", "filter_exhausted", "compressor_required", "tolerance",
        ]
        let rules = JSONSchema.array(of: .enumeration(codes)).described(
            "Every fill-station rule that refused, by its code; empty when none did.")
        let body = JSONSchema.object(
            [
                ("status", JSONSchema.integer().described("The HTTP status, again.")),
                (
                    "code",
                    JSONSchema.string.described(
                        "A stable name: bad_input, unauthorized, forbidden, not_found, method_not_allowed, already_void, last_admin, too_large, unsupported_media_type, refused, busy, read_only, integrity, storage_full, internal."
                    )
                ),
                ("rules", rules), ("message", JSONSchema.string.described("What went wrong, in words.")),
                ("field", JSONSchema.string.orNull.described("The input key at fault (o2, working_pressure), or null.")),
            ], required: ["status", "code", "rules", "message", "field"])
        return JSONSchema.object([("error", body)], required: ["error"]).described("Every error the API answers, whatever its status.")
    }
}

extension CurrentGas: DocumentedResult {
    static let schemaName = "CurrentGas"
    static var schema: JSONSchema {
        let ids = { (what: String) in JSONSchema.array(of: .integer()).described(what) }
        return JSONSchema.object(
            [
                ("cylinder", .string), ("label", JSONSchema.string.orNull.described("The current gas; null when the cylinder has none.")),
                ("o2", JSONSchema.number.orNull), ("diver_o2", JSONSchema.number.orNull),
                ("label_o2", JSONSchema.number.orNull.described("The reading the label and MOD are from.")),
                ("ppo2", JSONSchema.number.orNull), ("mod", JSONSchema.integer().orNull), ("tag_mod", JSONSchema.integer().orNull),
                ("unit", ResultSchemas.unit), ("fill_id", JSONSchema.integer().orNull), ("filled_at", JSONSchema.string.orNull),
                ("retired", .boolean), ("void_fill_ids", ids("Newer fills passed over because they are void.")),
                ("future_fill_ids", ids("Newer fills passed over because they are dated in the future.")),
            ],
            required: [
                "cylinder", "label", "o2", "diver_o2", "label_o2", "ppo2", "mod", "tag_mod", "unit", "fill_id", "filled_at", "retired",
                "void_fill_ids", "future_fill_ids",
            ]
        ).described("A cylinder's current gas: its latest fill that is neither void nor dated in the future.")
    }
}

extension Cylinder: DocumentedResult {
    static let schemaName = "Cylinder"
    static var schema: JSONSchema {
        let text = JSONSchema.string.orNull
        let earlierName = JSONSchema.object([("name", text), ("until", .string)], required: ["name", "until"])
        let event = JSONSchema.object(
            [
                ("event", JSONSchema.string.described("renamed, retired or reinstated.")), ("at", .string), ("old_name", text),
                ("new_name", text), ("reason", text),
            ], required: ["event", "at", "old_name", "new_name", "reason"])
        let change = JSONSchema.object(
            [
                ("at", .string), ("actor", JSONSchema.string.described("The account; empty for the command line.")),
                ("kind", JSONSchema.string.described("cylinder add, cylinder edit, cylinder rename, ...")),
                (
                    "fields",
                    .array(
                        of: .object([("field", .string), ("before", JSONSchema()), ("after", JSONSchema())], required: ["field", "before", "after"]))
                ),
            ], required: ["at", "actor", "kind", "fields"])
        let properties: [(name: String, schema: JSONSchema)] = [
            ("cylinder", .string), ("serial", text), ("owner", text),
            ("volume", JSONSchema.number.orNull.described("Litres (metric), or cubic feet at working pressure (imperial).")),
            ("volume_l", JSONSchema.number.orNull),
            ("working_pressure", JSONSchema.number.orNull.described("Bar (metric) or psi (imperial).")),
            ("working_pressure_bar", JSONSchema.number.orNull),
            ("hydro", text.described("Date of the last hydrostatic test, YYYY-MM-DD.")), ("hydro_due", text), ("hydro_overdue", .boolean),
            ("visual", text.described("Date of the last visual inspection, YYYY-MM-DD.")), ("visual_due", text),
            ("visual_overdue", .boolean), ("o2_clean", JSONSchema.boolean.orNull.described("null when unknown.")), ("note", text),
            ("retired", .boolean), ("retired_at", text), ("retired_reason", text), ("unit", ResultSchemas.unit),
            ("current_gas", text.described("The current gas's label.")), ("current_fill_id", JSONSchema.integer().orNull),
            ("earlier_names", .array(of: earlierName)), ("history", .array(of: event)),
            ("changes", JSONSchema.array(of: change).described("From the audit trail (show only): each register change, with the facts it changed.")),
        ]
        let required = properties.map(\.name).filter { $0 != "changes" }
        return ResultSchemas.withWarnings(.object(properties, required: required))
            .described("A cylinder in the register, with its current gas and its history.")
    }
}

extension BlendResult: DocumentedResult {
    static let schemaName = "BlendPlan"
    static var schema: JSONSchema {
        let numbers = ["from", "from_o2", "target_o2", "to"].map { (name: $0, schema: JSONSchema.number) }
        let rest = ["add_o2", "o2_to", "top_off_gas", "top_off_to", "final_o2"].map { (name: $0, schema: JSONSchema.number) }
        let helium = ["from_he", "target_he", "add_he", "he_to", "final_he"].map { (name: $0, schema: JSONSchema.number) }
        let properties: [(name: String, schema: JSONSchema)] =
            [("cylinder", .string)] + numbers
            + [("bleed_to", JSONSchema.number.orNull.described("Bleed down to this first; null when no bleed is needed."))] + rest
            + [("unit", ResultSchemas.unit)] + helium
        return ResultSchemas.withWarnings(.object(properties, required: properties.map(\.name)), required: true)
            .described("A partial-pressure blend plan; gauge readings in the unit's pressure.")
    }
}

extension ImportSummary: DocumentedResult {
    static let schemaName = "ImportSummary"
    static var schema: JSONSchema {
        .object(
            [("imported", .integer(minimum: 0)), ("skipped_duplicates", .integer(minimum: 0)), ("dry_run", .boolean)],
            required: ["imported", "skipped_duplicates", "dry_run"])
    }
}

extension BestMixResult: DocumentedResult {
    static let schemaName = "BestMix"
    static var schema: JSONSchema {
        ResultSchemas.withWarnings(
            .object(
                [
                    ("o2", .number), ("he", JSONSchema.number.described("With end only: the helium of the best trimix.")),
                    ("label", .string), ("ppo2", .number), ("depth", .number), ("mod", .integer()),
                    ("end", JSONSchema.integer().described("With end only: the END at the depth.")),
                    ("min_depth", JSONSchema.integer().orNull.described("With end only: the shallowest depth where the mix is not hypoxic.")),
                    ("unit", ResultSchemas.unit),
                ], required: ["o2", "label", "ppo2", "depth", "mod", "unit"]),
            required: true
        ).described("The richest nitrox whose MOD reaches the depth or, with end, the best trimix.")
    }
}

extension EquivalentAirDepthResult: DocumentedResult {
    static let schemaName = "EAD"
    static var schema: JSONSchema {
        JSONSchema.object(
            [("o2", .number), ("label", .string), ("depth", .number), ("ead", .integer()), ("unit", ResultSchemas.unit)],
            required: ["o2", "label", "depth", "ead", "unit"]
        ).described("The equivalent air depth of a nitrox at a depth.")
    }
}

extension EquivalentNarcoticDepthResult: DocumentedResult {
    static let schemaName = "END"
    static var schema: JSONSchema {
        ResultSchemas.withWarnings(
            .object(
                [
                    ("label", .string), ("o2", .number), ("he", .number), ("depth", .number), ("end", .integer()),
                    ("density", JSONSchema.number.described("g/L.")), ("unit", ResultSchemas.unit),
                ], required: ["label", "o2", "he", "depth", "end", "density", "unit"]),
            required: true
        ).described("The equivalent narcotic depth and gas density of a mix at a depth.")
    }
}

extension PartialPressureResult: DocumentedResult {
    static let schemaName = "PartialPressure"
    static var schema: JSONSchema {
        ResultSchemas.withWarnings(
            .object(
                [
                    ("o2", .number), ("label", .string), ("depth", .number),
                    ("ppo2", JSONSchema.number.described("bar, two decimals rounded up.")),
                    ("density", JSONSchema.number.described("g/L at the depth, one decimal rounded up.")), ("unit", ResultSchemas.unit),
                ], required: ["o2", "label", "depth", "ppo2", "density", "unit"]),
            required: true
        ).described("The ppO₂ and gas density of a mix at a depth.")
    }
}

extension DepthTableResult: DocumentedResult {
    static let schemaName = "DepthTable"
    static var schema: JSONSchema {
        JSONSchema.array(of: ResultSchemas.tableRow).described("A nitrox MOD table: one row per O2 percentage, one MOD per ppO₂ column.")
    }
}
