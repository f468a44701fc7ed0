import LogbookStore

/// Gives an account another role.
public struct SetRole: UseCase {
    /// What it does, in a line: the command's overview and the API operation's summary.
    public static let summary: Wording = "Give an account another role."

    /// The account's name and its new role.
    public static let inputs: [any InputDeclaration] = [AccountInputs.name, AccountInputs.newRole]

    /// The account.
    public let name: AccountName
    /// Its new role.
    public let role: Role

    /// Gives the account `name` the role `role`.
    public init(name: AccountName, role: Role) {
        self.name = name
        self.role = role
    }

    /// Reads the name and the role.
    public init(_ input: InputReader) throws(LogbookError) {
        self.init(name: try input.value(AccountInputs.name), role: try input.value(AccountInputs.newRole))
    }

    /// Sets the role, for the session's account.
    public func run(in session: Session) throws(LogbookError) -> RoleChangeResult {
        let (account, previous) = try session.logbook().setRole(role, of: name, actor: session.actor)
        return RoleChangeResult(account: account, previous: previous)
    }
}
