import LogbookStore

/// Each member's statement for a period, with the balance to its end.
public struct ShowBill: UseCase {
    /// One member, compared as the log's people filters compare names.
    public static let member = BillingOptions.member("member", help: "Only this member's statement (regardless of case and accents).")
    /// What it reads: the period and the member.
    public static let inputs: [any InputDeclaration] = [BillingOptions.since, BillingOptions.until, member]

    /// The period's first instant, if it has a start.
    public let since: Timestamp?
    /// The instant after the period, if it has an end.
    public let before: Timestamp?
    /// The one member asked for, if any.
    public let member: String?
    /// The period as given, for the answer's `since` and `until`.
    public let sinceText: String?
    /// The period's end as given.
    public let untilText: String?

    /// Reads the period and the member.
    public init(_ input: InputReader) throws(LogbookError) {
        since = try input.value(BillingOptions.since)
        before = try input.value(BillingOptions.until)
        member = try input.value(Self.member)
        sinceText = try input.text(BillingOptions.since.spec.name)
        untilText = try input.text(BillingOptions.until.spec.name)
    }

    /// The statement, from one snapshot.
    public func run(in session: Session) throws(LogbookError) -> BillResult {
        let statement: BillStatement
        do {
            statement = try session.logbook().billStatement(since: since, before: before, member: member)
        } catch {
            // A period that ends before it starts is the fault of `since`.
            if case .emptyPeriod = error.reason { throw LogbookError(error.reason, field: BillingOptions.since.spec.name) }
            throw error
        }
        return BillResult(statement: statement, currency: try session.settings().currency, since: sinceText, until: untilText)
    }
}
