import LogbookStore

/// An audit trail that matched its logbook.
public struct VerificationResult: UseCaseResult {
    /// The entries, the head and where the expected head is.
    public let verification: AuditVerification
    /// The head expected, when one was.
    public let expected: String?

    /// `entries`, `head` and `expected_entry`.
    public func json(warnings: [Warning]) -> JSONValue {
        .object(
            [
                ("entries", .integer(verification.entries)), ("head", .string(verification.head)),
                ("expected_entry", verification.expectedEntry.map(JSONValue.integer) ?? .null),
            ], warnings: warnings)
    }
}
