import LogbookStore

/// A setting just changed: `{"key", "value"}`, the value as stored.
public struct SettingResult: UseCaseResult, DeclaredObject {
    /// The setting.
    public let setting: Setting
    /// Its value in canonical form.
    public let value: String

    /// Its name among the OpenAPI document's schemas.
    public static let schemaName = "SettingValue"
    /// What it is, for its schema.
    public static let meaning = "A setting and the value stored."
    /// A setting has no warnings.
    public static let hasWarnings = false

    /// `{"key", "value"}`, as `--json` prints it and the API answers.
    public static let fields = ResultFields<SettingResult>([
        ResultField("key", .enumeration(Setting.allCases.map(\.key))) { .string($0.setting.key) },
        ResultField("value", JSONSchema.string.described("The value stored, in canonical form.")) { .string($0.value) },
    ])
}
