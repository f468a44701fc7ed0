import LogbookStore

/// Every account, removed ones included.
public struct ListAccounts: UseCase {
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
