import LogbookStore

/// Holds the logbook to its hash-chained audit trail.
public struct VerifyAudit: UseCase {
    /// What it does, in a line: the command's overview and the API operation's summary.
    public static let summary: Wording = "Check the audit trail: every hash of its chain, and every fill, void and register fact against it."
    /// More about it: the command's discussion and the API operation's description.
    public static let description: Wording? = """
        Every change to the logbook is an entry of the audit trail, whose hash covers the entry before it. \
        verify recomputes each hash from the first entry, checks that every fill, void, cylinder, setting, \
        account and token is as its latest entry recorded, and prints the number of entries and the head: \
        the last entry's hash. Note the head somewhere else (a paper log, an e-mail to the auditors); \
        a later verify \(option: "expect") with it proves that nothing up to it was rewritten since, which the chain \
        alone cannot show of its last entries. Any mismatch \(commandLine: "exits 65", api: "is refused (422)"), naming the first entry that breaks.
        """

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
