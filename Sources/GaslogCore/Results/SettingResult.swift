import LogbookStore

/// A setting just changed: `{"key", "value"}`, the value as stored.
public struct SettingResult: UseCaseResult {
    /// The setting.
    public let setting: Setting
    /// Its value in canonical form.
    public let value: String

    /// The result as `--json` prints it and the API answers it.
    public func json(warnings: [Warning]) -> JSONValue {
        .object([("key", .string(setting.key)), ("value", .string(value))])
    }
}
