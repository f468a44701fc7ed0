import LogbookStore

/// One of the logbook's settings, with its value.
public struct ShowSetting: UseCase {
    /// What it does, in a line: the command's overview.
    public static let summary: Wording = "Print a setting's value."

    /// The inputs it reads: the setting, by the key ``ChangeSetting`` takes.
    public static let inputs: [any InputDeclaration] = [ChangeSetting.key]

    /// The setting.
    public let setting: Setting

    /// Reads the input; bad input throws, naming its field, before anything is read.
    public init(_ input: InputReader) throws(LogbookError) {
        setting = try input.value(ChangeSetting.key)
    }

    /// Its value, or its default when it was never set.
    public func run(in session: Session) throws(LogbookError) -> SettingResult {
        SettingResult(setting: setting, value: try session.settings().value(setting))
    }
}
