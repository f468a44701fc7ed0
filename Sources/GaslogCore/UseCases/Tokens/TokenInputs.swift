import LogbookStore

/// The inputs of the token use cases, declared once for the command line's
/// `token` commands and the admin page's forms.
public enum TokenInputs {
    /// The account a token acts for.
    public static let account = Argument<AccountName>("name", help: "The account the token acts for.")
    /// What the token is for.
    public static let label = CommonOptions.name(
        "label", value: "text", field: "token label", help: "What the token is for, such as the device or script that uses it."
    )
    .required()
    /// A token, by its id.
    public static let id = Argument<Int>("token-id", help: "The token's id, as 'token list' shows it.") {
        try WholeNumber.parse($0, in: 1...Int.max, what: "token id")
    }
}
