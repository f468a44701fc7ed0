import LogbookStore
import NitroxCalculator

/// The audit trail, oldest entry first.
public struct ReadAudit: UseCase {
    /// What it does, in a line: the command's overview and the API operation's summary.
    public static let summary: Wording = "Print the audit trail: every change to the logbook, oldest first."
    /// More about it: the command's discussion and the API operation's description.
    public static let description: Wording? = """
        Each entry has its number in the chain, its time, the account that made the change (empty for \
        the command line), what happened, the row it concerns, the row after the change as canonical \
        JSON, and its hash. 'gaslog verify' checks them.
        """

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
