import LogbookStore

/// Voids a payment, once, with a reason. Nothing is deleted.
public struct VoidPayment: UseCase {
    /// What it does, in a line: the command's overview and the API operation's summary.
    public static let summary: Wording = "Void a payment, with a reason. Nothing is deleted."
    /// More about it: the command's discussion and the API operation's description.
    public static let description: Wording? = Wording(
        commandLine: "", api: "As `gaslog payment void`: nothing is deleted, and a payment is voided once (409 the second time).")

    /// The payment's id.
    public static let paymentID = Argument<Int>(
        "payment-id", schema: .integer(minimum: 1, maximum: WholeNumber.largest), help: "The payment's id, as 'bill' shows it."
    ) {
        try WholeNumber.parse($0, in: 1...Int.max, what: "payment id")
    }
    /// Why it is void.
    public static let reason = CommonOptions.note("reason", help: "Why the payment is void.").required()
    /// What it reads: the payment and the reason.
    public static let inputs: [any InputDeclaration] = [paymentID, reason]

    /// The payment to void.
    public let id: Int
    /// Why.
    public let reason: String

    /// Reads the id and the reason.
    public init(_ input: InputReader) throws(LogbookError) {
        id = try input.value(Self.paymentID)
        reason = try input.value(Self.reason)
    }

    /// Voids the payment, for the session's account.
    public func run(in session: Session) throws(LogbookError) -> PaymentResult {
        PaymentResult(payment: try session.logbook().voidPayment(id: id, reason: reason, actor: session.actor))
    }
}
