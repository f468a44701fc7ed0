import LogbookStore

/// Every account, removed ones included.
public struct ListAccounts: UseCase {
    /// What it does, in a line: the command's overview and the API operation's summary.
    public static let summary: Wording = "List the accounts, removed ones marked."

    /// No inputs.
    public static let inputs: [any InputDeclaration] = []

    /// Lists every account.
    public init() {}

    /// Reads nothing.
    public init(_ input: InputReader) throws(LogbookError) {}

    /// Reads the accounts.
    public func run(in session: Session) throws(LogbookError) -> AccountsResult {
        AccountsResult(accounts: try session.logbook().accounts())
    }
}
