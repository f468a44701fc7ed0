import LogbookStore

/// The account a name or an API token names, as it is now: signing in,
/// authenticating a request, and the command line's checks before it asks
/// for a password.
public struct FindAccount: UseCase {
    /// What it does, in a line.
    public static let summary: Wording = "The account a name or an API token names, as it is now."

    /// The account's name.
    public static let inputs: [any InputDeclaration] = [AccountInputs.name]

    /// What names the account.
    public enum Key: Sendable {
        /// Its name.
        case name(AccountName)
        /// The SHA-256 of one of its tokens, in hex.
        case tokenHash(String)
    }

    /// What names the account.
    public let key: Key

    /// Finds the account `key` names.
    public init(_ key: Key) {
        self.key = key
    }

    /// Reads the name.
    public init(_ input: InputReader) throws(LogbookError) {
        self.init(.name(try input.value(AccountInputs.name)))
    }

    /// Reads the account; `nil` when there is none.
    public func run(in session: Session) throws(LogbookError) -> FoundAccountResult {
        switch key {
        case .name(let name): FoundAccountResult(account: try session.logbook().account(named: name))
        case .tokenHash(let hash): FoundAccountResult(account: try session.logbook().account(forTokenHash: hash))
        }
    }
}
