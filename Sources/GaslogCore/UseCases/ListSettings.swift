import LogbookStore

/// Every setting of the logbook, with its value.
public struct ListSettings: UseCase {
    /// What it does, in a line: the command's overview and the API operation's summary.
    public static let summary: Wording = "Print every setting."
    /// More about it: the command's discussion and the API operation's description.
    public static let description: Wording? = Wording(commandLine: "", api: "As `gaslog config list --json`.")

    /// The inputs it reads: the command's options and the API's allowed keys.
    public static let inputs: [any InputDeclaration] = []

    /// Every setting.
    public init() {}

    /// Reads the input; bad input throws, naming its field, before anything is read or written.
    public init(_ input: InputReader) throws(LogbookError) {}

    /// Runs it in `session`, which gathers its warnings.
    public func run(in session: Session) throws(LogbookError) -> SettingsResult {
        SettingsResult(settings: try session.settings())
    }
}
