import LogbookStore

/// Each member's statement for a period, with the balance to its end.
public struct ShowBill: UseCase {
    /// What it does, in a line: the command's overview and the API operation's summary.
    public static let summary: Wording = "Each member's statement: fills, adjustments, payments, totals and balance."
    /// More about it: the command's discussion and the API operation's description.
    public static let description: Wording? = """
        The period's fills (void ones marked, not counted), adjustments and payments, with the \
        period's charged, adjusted and paid totals. The balance is everything charged and \
        adjusted less everything paid, from the start of the log to \(option: "until"). Members are \
        matched regardless of case and accents, and shown as first spelled; fills with no \
        member come under "no member". Fills whose gas was not computed are listed apart.
        """

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
