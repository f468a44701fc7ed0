import LogbookStore

/// Every token, revoked ones included.
public struct ListTokens: UseCase {
    /// What it does, in a line: the command's overview and the API operation's summary.
    public static let summary: Wording = "List the tokens: id, account, label and dates, never the token."

    /// No inputs.
    public static let inputs: [any InputDeclaration] = []

    /// Lists every token.
    public init() {}

    /// Reads nothing.
    public init(_ input: InputReader) throws(LogbookError) {}

    /// Reads the tokens.
    public func run(in session: Session) throws(LogbookError) -> TokensResult {
        TokensResult(tokens: try session.logbook().tokens())
    }
}
