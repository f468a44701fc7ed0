import LogbookStore

/// Every token, revoked ones included.
public struct ListTokens: UseCase {
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
