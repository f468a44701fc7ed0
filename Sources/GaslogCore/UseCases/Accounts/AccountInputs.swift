import LogbookStore

/// The inputs of the account use cases, declared once for the command
/// line's `user` commands and the admin page's forms.
public enum AccountInputs {
    /// The account's name.
    public static let name = Argument<AccountName>("name", help: "The account's name: 1 to 64 characters, without ':'.")
    /// The role of a new account.
    public static let role = Option<Role>(
        "role", help: "What the account may do: reader (read the log), blender (also record and void fills) or admin (everything).")
    /// The role an account is given.
    public static let newRole = Argument<Role>("role", help: "The new role: reader, blender or admin.")
    /// A new password's Argon2id hash: the front end reads the password,
    /// checks it with ``PasswordStrength`` and hashes it, so that the
    /// password itself never reaches the core.
    public static let passwordHash = Option<String>(
        "password-hash", value: "hash", help: "The new password's Argon2id hash."
    ) { $0 }.required()
}
