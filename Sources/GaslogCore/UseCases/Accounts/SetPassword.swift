import LogbookStore

/// Sets an account's password, as a hash the front end made.
public struct SetPassword: UseCase {
    /// What it does, in a line: the command's overview and the API operation's summary.
    public static let summary: Wording = "Set an account's password."

    /// The account's name and the new password's hash.
    public static let inputs: [any InputDeclaration] = [AccountInputs.name, AccountInputs.passwordHash]

    /// The account.
    public let name: AccountName
    /// The new password's Argon2id hash.
    public let passwordHash: String

    /// Sets the password of `name` to the one `passwordHash` hashes.
    public init(name: AccountName, passwordHash: String) {
        self.name = name
        self.passwordHash = passwordHash
    }

    /// Reads the name and the hash.
    public init(_ input: InputReader) throws(LogbookError) {
        self.init(name: try input.value(AccountInputs.name), passwordHash: try input.value(AccountInputs.passwordHash))
    }

    /// Sets the password, for the session's account.
    public func run(in session: Session) throws(LogbookError) -> AccountResult {
        AccountResult(account: try session.logbook().setPasswordHash(passwordHash, of: name, passwordChecked: true, actor: session.actor))
    }
}
