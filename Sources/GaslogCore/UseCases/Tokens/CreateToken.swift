import Credentials
import LogbookStore

/// Makes an API token for an account: the result carries the token, shown
/// once; the logbook keeps only its hash.
public struct CreateToken: UseCase {
    /// What it does, in a line: the command's overview and the API operation's summary.
    public static let summary: Wording = "Make a token for an account and print it, once."

    /// The account and the label.
    public static let inputs: [any InputDeclaration] = [TokenInputs.account, TokenInputs.label]

    /// The account the token acts for.
    public let account: AccountName
    /// What it is for.
    public let label: String

    /// A token for `account`, labelled `label`.
    public init(account: AccountName, label: String) {
        self.account = account
        self.label = label
    }

    /// Reads the account and the label.
    public init(_ input: InputReader) throws(LogbookError) {
        self.init(account: try input.value(TokenInputs.account), label: try input.value(TokenInputs.label))
    }

    /// Makes the token and records its hash, for the session's account.
    public func run(in session: Session) throws(LogbookError) -> CreatedTokenResult {
        let token = APIToken.generate()
        let record = try session.logbook().createToken(for: account, label: label, tokenHash: APIToken.hash(token), actor: session.actor)
        return CreatedTokenResult(record: record, token: token)
    }
}
