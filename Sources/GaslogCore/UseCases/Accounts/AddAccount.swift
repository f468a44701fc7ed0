import LogbookStore

/// Adds an account, with a role and a password the front end has checked
/// and hashed: the core never holds the password itself.
public struct AddAccount: UseCase {
    /// What it does, in a line: the command's overview and the API operation's summary.
    public static let summary: Wording = "Add an account, with a role and a password."

    /// The account's name and role.
    public static let inputs: [any InputDeclaration] = [AccountInputs.name, AccountInputs.role.required(), AccountInputs.passwordHash]

    /// The new account's name.
    public let name: AccountName
    /// What it may do.
    public let role: Role
    /// Its password's Argon2id hash.
    public let passwordHash: String

    /// The account `name`, as `role`, with the password that `passwordHash` hashes.
    public init(name: AccountName, role: Role, passwordHash: String) {
        self.name = name
        self.role = role
        self.passwordHash = passwordHash
    }

    /// Reads the name, the role and the password's hash.
    public init(_ input: InputReader) throws(LogbookError) {
        self.init(
            name: try input.value(AccountInputs.name), role: try input.value(AccountInputs.role.required()),
            passwordHash: try input.value(AccountInputs.passwordHash))
    }

    /// Adds the account, for the session's account.
    public func run(in session: Session) throws(LogbookError) -> AccountResult {
        AccountResult(
            account: try session.logbook().addAccount(name, role: role, passwordHash: passwordHash, passwordChecked: true, actor: session.actor))
    }
}
