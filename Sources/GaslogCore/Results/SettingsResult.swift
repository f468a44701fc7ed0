import LogbookStore

/// The logbook's settings: one JSON object, each setting's key with its
/// value, numbers as numbers.
public struct SettingsResult: UseCaseResult {
    /// The settings, stored or default.
    public let settings: LogbookSettings

    /// The result as `--json` prints it and the API answers it.
    public func json(warnings: [Warning]) -> JSONValue {
        .object(
            Setting.allCases.map { setting in
                let value = settings.value(setting)
                return (setting.key, setting.isNumeric ? .number(value) : .string(value))
            })
    }
}
