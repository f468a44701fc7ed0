import LogbookStore

/// Removes an account and revokes its tokens; it stays in the list, since fills name it.
public struct RemoveAccount: UseCase {
    /// What it does, in a line: the command's overview and the API operation's summary.
    public static let summary: Wording = "Remove an account and revoke its tokens. It stays in the list."

    /// The account's name.
    public static let inputs: [any InputDeclaration] = [AccountInputs.name]

    /// The account to remove.
    public let name: AccountName

    /// Removes the account `name`.
    public init(name: AccountName) {
        self.name = name
    }

    /// Reads the name.
    public init(_ input: InputReader) throws(LogbookError) {
        self.init(name: try input.value(AccountInputs.name))
    }

    /// Removes the account, for the session's account.
    public func run(in session: Session) throws(LogbookError) -> RemovedAccountResult {
        let (account, revoked) = try session.logbook().removeAccount(name, actor: session.actor)
        return RemovedAccountResult(account: account, revokedTokens: revoked)
    }
}
