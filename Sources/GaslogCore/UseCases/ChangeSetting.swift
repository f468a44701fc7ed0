import LogbookStore

/// Changes one of the logbook's settings.
public struct ChangeSetting: UseCase {
    /// What it does, in a line: the command's overview and the API operation's summary.
    public static let summary: Wording = "Change a setting."
    /// More about it: the command's discussion and the API operation's description.
    public static let description: Wording? = Wording(commandLine: "", api: "As `gaslog config set`.")

    /// The setting, by its key.
    public static let key = Argument<Setting>("key", help: "One of: \(Setting.allCases.map(\.key).joined(separator: ", ")).")
    /// The new value, checked by the setting's rules.
    public static let value = Argument<String>("value", completion: .settingValues, help: "The new value.") { $0 }
    /// The inputs it reads: the command's options and the API's allowed keys.
    public static let inputs: [any InputDeclaration] = [key, value]

    /// The setting.
    public let setting: Setting
    /// Its new value, as given.
    public let text: String

    /// Sets `setting` to `text`, as the admin page's form gives them.
    public init(setting: Setting, text: String) {
        self.setting = setting
        self.text = text
    }

    /// Reads the input; bad input throws, naming its field, before anything is read or written.
    public init(_ input: InputReader) throws(LogbookError) {
        setting = try input.value(Self.key)
        text = try input.value(Self.value)
    }

    /// Runs it in `session`, which gathers its warnings.
    public func run(in session: Session) throws(LogbookError) -> SettingResult {
        do {
            return SettingResult(setting: setting, value: try session.logbook().set(setting, to: text, actor: session.actor))
        } catch {
            // The store refuses the value for its setting: the value is at fault.
            guard case .invalid(nil) = error.category else { throw error }
            throw LogbookError(error.reason, field: Self.value.spec.key)
        }
    }
}
