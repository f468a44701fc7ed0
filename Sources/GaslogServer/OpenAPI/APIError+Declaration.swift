import GaslogCore

extension APIError: DeclaredObject {
    /// Its name among the OpenAPI document's schemas.
    public static let schemaName = "Error"
    /// What it is, for its schema.
    public static let meaning = "Every error the API answers, whatever its status."
    /// An error has no warnings.
    public static let hasWarnings = false

    /// The body: `{"error": {…}}`.
    public static let fields = ResultFields<APIError>([ResultField("error", body.schema) { body.json(of: $0) }])

    /// The error's own keys.
    private static let body = ResultFields<APIError>([
        ResultField("status", JSONSchema.integer().described("The HTTP status, again.")) { .integer($0.status) },
        ResultField(
            "code",
            JSONSchema.string.described(
                "A stable name: bad_input, unauthorized, forbidden, not_found, method_not_allowed, already_void, last_admin, too_large, unsupported_media_type, refused, busy, read_only, integrity, storage_full, internal."
            )
        ) { .string($0.code) },
        ResultField(
            "rules",
            JSONSchema.array(of: .enumeration(ruleCodes)).described("Every fill-station rule that refused, by its code; empty when none did.")
        ) { .array($0.rules.map { .string($0) }) },
        ResultField("message", JSONSchema.string.described("What went wrong, in words.")) { .string($0.message) },
        ResultField("field", JSONSchema.string.orNull.described("The input key at fault (o2, working_pressure), or null.")) {
            $0.field.map { .string($0) } ?? .null
        },
    ])

    /// The fill-station rules' codes, and the readings' `tolerance`.
    private static let ruleCodes = FillRule.codes + ["tolerance"]
}
