import LogbookStore

/// Adds an adjustment to a fill's member: a charge is never edited.
public struct AdjustCharge: UseCase {
    /// What it does, in a line: the command's overview and the API operation's summary.
    public static let summary: Wording = "Add an adjustment, positive or negative, to a fill's member."
    /// More about it: the command's discussion and the API operation's description.
    public static let description: Wording? = Wording(
        commandLine: "",
        api:
            "As `gaslog charge adjust`: the adjustment goes to the fill's member, positive or negative; the charge itself is never edited. An unknown fill is 404."
    )

    /// The amount: positive charges more, negative takes off.
    public static let amount = BillingOptions.amount(
        allowsNegative: true, help: "The correction, with at most 2 decimals; negative takes money off: \(option: "amount")=-2.21.")
    /// Why.
    public static let reason = CommonOptions.note("reason", help: "Why the charge is corrected.").required()
    /// What it reads: the fill, the amount and the reason.
    public static let inputs: [any InputDeclaration] = [CommonOptions.fillID, amount, reason]

    /// The fill whose member owes the adjustment.
    public let fillID: Int
    /// The correction: negative takes money off.
    public let amount: Money
    /// Why.
    public let reason: String

    /// Reads the fill's id, the amount and the reason.
    public init(_ input: InputReader) throws(LogbookError) {
        fillID = try input.value(CommonOptions.fillID)
        amount = try input.value(Self.amount)
        reason = try input.value(Self.reason)
    }

    /// Adds the adjustment, for the session's account.
    public func run(in session: Session) throws(LogbookError) -> AdjustmentResult {
        AdjustmentResult(adjustment: try session.logbook().adjustCharge(ofFill: fillID, by: amount, reason: reason, actor: session.actor))
    }
}
