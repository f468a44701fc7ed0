import Credentials
import GaslogCore
import NitroxCalculator

/// `gaslog user …`: the accounts of the fill-log service. They are managed
/// here, on the logbook file, as everything else is: whoever can write the
/// file is trusted already.
enum UserCommand {
    static let name = AccountInputs.name
    static let role = AccountInputs.role
    static let passwordStdin = Flag(
        "password-stdin",
        help: "Read the password from the first line of standard input, instead of asking twice on the terminal.")

    static let spec = CommandSpec(
        "user",
        abstract: "Manage the accounts that may use the fill-log service.",
        discussion: """
            Passwords are stored only as Argon2id hashes (libsodium's crypto_pwhash_str), have at \
            least \(PasswordHash.minimumLength) characters, and must not be easy to guess: zxcvbn, with the \
            account's name as a word it knows, must put a new one at \(PasswordStrength.minimumBits) bits \
            (10⁸ guesses) or more. Passwords set before that check are kept, and marked in the list. Without --password-stdin, the password is asked \
            for twice on the terminal, without echo. A removed account is refused from the service's next \
            request on, and its tokens are revoked; it stays in the list, since fills name it.
            """,
        subcommands: [
            CommandSpec(
                "add", abstract: AddAccount.summary.commandLine, inputs: AddAccount.inputs, supplying: [AccountInputs.passwordHash],
                options: [passwordStdin],
                examples: ["gaslog user add ali --role blender", "printf '%s\\n' \"$PASSWORD\" | gaslog user add ci --role reader --password-stdin"],
                handler: add),
            CommandSpec(
                "list", abstract: ListAccounts.summary.commandLine, inputs: ListAccounts.inputs, options: [CommonOptions.json],
                handler: list),
            CommandSpec(
                "remove", abstract: RemoveAccount.summary.commandLine, inputs: RemoveAccount.inputs,
                examples: ["gaslog user remove ali"], handler: remove),
            CommandSpec(
                "set-role", abstract: SetRole.summary.commandLine, inputs: SetRole.inputs,
                examples: ["gaslog user set-role ali admin"], handler: setRole),
            CommandSpec(
                "password", abstract: SetPassword.summary.commandLine, inputs: SetPassword.inputs,
                supplying: [AccountInputs.passwordHash], options: [passwordStdin], handler: password),
        ]
    )

    /// The password for `account`: from standard input with --password-stdin,
    /// else typed twice on the terminal.
    private static func newPassword(for account: AccountName, _ context: CommandContext) throws(CommandError) -> String {
        if context.isSet(passwordStdin) {
            return try PasswordInput.fromStandardInput(context.standardInput, for: account.text)
        }
        return try PasswordInput.fromTerminal(for: account.text)
    }

    private static func hash(_ password: String) throws(CommandError) -> String {
        do {
            return try PasswordHash.make(password)
        } catch .hashingFailed {
            throw CommandError(CredentialError.hashingFailed.description, status: .software)
        } catch {
            throw .badValue(error.description)
        }
    }

    /// The account `name` names now, refused when unknown or removed, so that
    /// nobody types a password for nothing.
    private static func existing(_ name: AccountName, _ context: CommandContext) throws(CommandError) -> Account {
        guard let account = try context.run(FindAccount(.name(name))).account else {
            throw CommandError(LogbookError(.unknownAccount(name.text)), commandPath: context.invocation.commandPath)
        }
        if let removedAt = account.removedAt {
            throw CommandError(LogbookError(.accountRemoved(account.name, at: removedAt)), commandPath: context.invocation.commandPath)
        }
        return account
    }

    static func add(_ context: CommandContext) throws(CommandError) {
        let name = try context.value(Self.name)
        let role = try context.value(Self.role.required())
        // A name that is taken is refused before the password is asked for.
        if let account = try context.run(FindAccount(.name(name))).account, !account.isRemoved {
            throw CommandError(LogbookError(.accountExists(account.name)), commandPath: context.invocation.commandPath)
        }
        let passwordHash = try hash(try newPassword(for: name, context))
        let account = try context.run(AddAccount(name: name, role: role, passwordHash: passwordHash)).account
        context.output.writeLine("Added account \(account.name) (\(account.role.rawValue)).")
    }

    static func list(_ context: CommandContext) throws(CommandError) {
        let result = try context.run(ListAccounts())
        if context.wantsJSON { return context.writeJSON(result) }
        let accounts = result.accounts
        guard !accounts.isEmpty else {
            return context.output.writeLine("No accounts yet. Add one with: gaslog user add <name> --role <role>")
        }
        var table = TextTable(["NAME", "ROLE", "CREATED", "REMOVED", "PASSWORD"])
        for account in accounts {
            table.append([
                account.name, account.role.rawValue, LocalTime.text(of: account.createdAt),
                account.removedAt.map { LocalTime.text(of: $0) } ?? "",
                account.passwordChecked ? "" : "set before the strength check",
            ])
        }
        context.output.write(table.text(style: context.style, omittingEmptyColumns: true))
    }

    static func remove(_ context: CommandContext) throws(CommandError) {
        let removed = try context.run(RemoveAccount.self).output
        let (account, revoked) = (removed.account, removed.revokedTokens)
        let tokens = revoked == 0 ? "" : revoked == 1 ? "; its token was revoked" : "; its \(revoked) tokens were revoked"
        context.output.writeLine("Removed account \(account.name)\(tokens).")
    }

    static func setRole(_ context: CommandContext) throws(CommandError) {
        let change = try context.run(SetRole.self).output
        let (account, previous) = (change.account, change.previous)
        if previous == account.role {
            context.output.writeLine("Account \(account.name) is already \(account.role.rawValue).")
        } else {
            context.output.writeLine("Account \(account.name): \(previous.rawValue) → \(account.role.rawValue).")
        }
    }

    static func password(_ context: CommandContext) throws(CommandError) {
        let name = try context.value(Self.name)
        let account = try existing(name, context)
        let passwordHash = try hash(try newPassword(for: name, context))
        _ = try context.run(SetPassword(name: name, passwordHash: passwordHash))
        context.output.writeLine("Changed the password of account \(account.name).")
    }
}
