import LogbookStore

extension Warning: DeclaredObject {
    /// Its name among the OpenAPI document's schemas.
    public static let schemaName = "Warning"
    /// What it is, for its schema.
    public static let meaning = "Something to hear, though nothing was refused: its code, its message, and the keys its code lists."
    /// A warning is itself one of the warnings.
    public static let hasWarnings = false

    /// Every code a warning has, in the table's order.
    static let codes = [
        "similar_name", "unknown_facts", "overridden", "other_unit", "density", "ppo2", "hypoxic", "tag_deeper", "retired",
        "renamed", "unpriced",
    ]

    /// `code` and `message`, then the keys its code lists.
    public static let fields = ResultFields<Warning>([
        ResultField("code", JSONSchema.enumeration(codes).described("A stable name that scripts switch on.")) { .string($0.code) },
        ResultField("message", JSONSchema.string.described("The warning in words, for any front end.")) { .string($0.message) },
        .optional("names", JSONSchema.array(of: .string).described("similar_name: the registered names one edit away.")) { warning in
            guard case .similarName(_, let names) = warning else { return nil }
            return .array(names.map { .string($0) })
        },
        .optional("compressor", JSONSchema.string.described("unknown_facts about a compressor: the compressor's name.")) { warning in
            guard case .compressorUnknownFacts(let compressor, _) = warning else { return nil }
            return .string(compressor)
        },
        .optional(
            "facts",
            JSONSchema.array(of: .enumeration(["hydro", "visual", "working_pressure", "o2_clean", "air_test", "filter_hours"]))
                .described("unknown_facts: what the register does not know (air_test and filter_hours about the compressor it names).")
        ) { warning in
            switch warning {
            case .unknownFacts(_, let facts): .array(facts.map { .string($0.key) })
            case .compressorUnknownFacts(_, let facts): .array(facts.map { .string($0.rawValue) })
            default: nil
            }
        },
        .optional("rules", JSONSchema.array(of: .string).described("overridden: the rule codes of the refusal.")) { warning in
            guard case .overridden(let refusal, _) = warning else { return nil }
            return .array(refusal.rules.map { .string($0.code) })
        },
        .optional("limit", JSONSchema.enumeration(["recommended", "maximum"]).described("density: the limit the gas is above.")) { warning in
            guard case .density(let facts) = warning else { return nil }
            return .string(facts.densityLevel == .aboveMaximum ? "maximum" : "recommended")
        },
        .optional("cylinder", JSONSchema.string.described("renamed: the cylinder's current name.")) { warning in
            guard case .renamed(let earlierName) = warning else { return nil }
            return .string(earlierName.cylinder)
        },
        .optional("fill_id", JSONSchema.integer(minimum: 1).described("unpriced: the fill whose gas was not priced.")) { warning in
            guard case .unpriced(let fill, _, _) = warning else { return nil }
            return .integer(fill)
        },
        .optional("reason", JSONSchema.string.described("unpriced: why no price applies.")) { warning in
            guard case .unpriced(_, _, let reason) = warning else { return nil }
            return .string(reason.rawValue)
        },
    ])

    /// `warnings`, appended to the objects of the use cases that warn.
    public static var list: JSONSchema {
        JSONSchema.array(of: reference).described(
            "What the person at the fill station must hear, though nothing was refused; empty when there is nothing.")
    }

    /// `{"code", "message", …}`.
    public var json: JSONValue { Warning.fields.json(of: self) }
}
