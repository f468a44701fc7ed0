import LogbookStore
import NitroxCalculator

/// The audit trail, oldest entry first.
public struct ReadAudit: UseCase {
    /// Only entries at or after a time.
    public static let since = Option<Timestamp>(
        "since", value: "date",
        help: "Only entries at or after this date or time, local unless it carries Z or an offset.", read: Timestamp.parse)
    /// `since`.
    public static let inputs: [any InputDeclaration] = [since]

    /// The earliest entry's time; `nil` for the whole trail.
    public let since: Timestamp?

    /// The entries at or after `since`.
    public init(since: Timestamp?) {
        self.since = since
    }

    /// Reads `since`.
    public init(_ input: InputReader) throws(LogbookError) {
        self.init(since: try input.value(Self.since))
    }

    /// Reads the entries.
    public func run(in session: Session) throws(LogbookError) -> AuditResult {
        AuditResult(entries: try session.logbook().auditEntries(since: since))
    }
}
