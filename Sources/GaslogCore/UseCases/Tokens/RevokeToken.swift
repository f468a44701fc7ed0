import LogbookStore

/// Revokes a token.
public struct RevokeToken: UseCase {
    /// What it does, in a line: the command's overview and the API operation's summary.
    public static let summary: Wording = "Revoke a token."

    /// The token's id.
    public static let inputs: [any InputDeclaration] = [TokenInputs.id]

    /// The token.
    public let id: Int

    /// Revokes the token `id`.
    public init(id: Int) {
        self.id = id
    }

    /// Reads the id.
    public init(_ input: InputReader) throws(LogbookError) {
        self.init(id: try input.value(TokenInputs.id))
    }

    /// Revokes it, for the session's account.
    public func run(in session: Session) throws(LogbookError) -> TokenResult {
        TokenResult(token: try session.logbook().revokeToken(id: id, actor: session.actor))
    }
}
