import LogbookStore

/// Holds the logbook to its hash-chained audit trail.
public struct VerifyAudit: UseCase {
    /// A head hash noted earlier, which must still be in the chain.
    public static let expect = Option<String>(
        "expect", value: "hash",
        help: "A head hash noted earlier (64 hex digits): it must still be an entry of the chain, in its place."
    ) { text in
        let hash = text.lowercased()
        guard hash.utf8.count == 64, hash.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) else {
            throw FieldError("expected a SHA-256 in 64 hex digits, as verify prints the head")
        }
        return hash
    }
    /// `expect`.
    public static let inputs: [any InputDeclaration] = [expect]

    /// The head hash expected in the chain; `nil` for none.
    public let expected: String?

    /// A verification that finds `expected` in the chain, when given.
    public init(expecting expected: String?) {
        self.expected = expected
    }

    /// Reads `expect`.
    public init(_ input: InputReader) throws(LogbookError) {
        self.init(expecting: try input.value(Self.expect))
    }

    /// Verifies every hash and row.
    public func run(in session: Session) throws(LogbookError) -> VerificationResult {
        VerificationResult(verification: try session.logbook().verifyAudit(expecting: expected), expected: expected)
    }
}
