import LogbookStore

/// The logbook's settings: one JSON object, each setting's key with its
/// value, numbers as numbers.
public struct SettingsResult: UseCaseResult, DeclaredObject {
    /// The settings, stored or default.
    public let settings: LogbookSettings

    /// Its name among the OpenAPI document's schemas.
    public static let schemaName = "Settings"
    /// What it is, for its schema.
    public static let meaning = "Every setting's value in force, defaults filled in."
    /// Settings have no warnings.
    public static let hasWarnings = false

    /// Every setting's key and value in force, as `--json` prints them and
    /// the API answers: numbers as numbers, the rest as strings.
    public static let fields = ResultFields<SettingsResult>(
        Setting.allCases.map { setting in
            ResultField(setting.key, (setting.isNumeric ? JSONSchema.number : .string).described(setting.help)) { result in
                let value = result.settings.value(setting)
                return setting.isNumeric ? .number(value) : .string(value)
            }
        })
}
