import LogbookStore

/// Records money a member paid.
public struct AddPayment: UseCase {
    /// What it does, in a line: the command's overview and the API operation's summary.
    public static let summary: Wording = "Record a payment."
    /// More about it: the command's discussion and the API operation's description.
    public static let description: Wording? = Wording(commandLine: "", api: "As `gaslog payment add`.")

    /// Who paid.
    public static let member = Argument<String>("member", schema: ValueSchemas.name, help: "The member who paid.") {
        try FillText.name($0, field: "member")
    }
    /// How much.
    public static let amount = BillingOptions.amount(allowsNegative: false, help: "The amount paid, above 0, with at most 2 decimals.")
    /// When.
    public static let at = Option<Timestamp>(
        "at", help: "When it was paid, in local time unless it carries Z or an offset, or a date alone. Default: now.")
    /// A receipt, a transfer's reference.
    public static let reference = CommonOptions.name("reference", value: "text", help: "A receipt number or a transfer's reference.")
    /// What it reads: the command's argument and options, the API's keys.
    public static let inputs: [any InputDeclaration] = [member, amount, at, reference]

    /// Who paid.
    public let member: String
    /// How much.
    public let amount: Money
    /// When; now when not given.
    public let at: Timestamp?
    /// A receipt or transfer reference.
    public let reference: String?

    /// Reads the member, the amount, the time and the reference.
    public init(_ input: InputReader) throws(LogbookError) {
        member = try input.value(Self.member)
        amount = try input.value(Self.amount)
        at = try input.value(Self.at)
        reference = try input.value(Self.reference)
    }

    /// Records the payment, for the session's account.
    public func run(in session: Session) throws(LogbookError) -> PaymentResult {
        let logbook = try session.logbook()
        try EntryTimeLimit(clockOf: logbook).checkPayment(at, field: Self.at.spec.name)
        return PaymentResult(
            payment: try logbook.addPayment(member: member, amount: amount, at: at, reference: reference, actor: session.actor))
    }
}
