import LogbookStore

/// A payment recorded or voided: `{"id", "member", "amount", "at", "reference", "void"}`.
public struct PaymentResult: UseCaseResult, DeclaredObject {
    /// The payment as stored.
    public let payment: Payment

    /// Its name among the OpenAPI document's schemas.
    public static let schemaName = "Payment"
    /// What it is, for its schema.
    public static let meaning = "A payment by a member; a void one is kept, and not counted."
    /// A payment has no warnings.
    public static let hasWarnings = false
    /// `{"id", "member", "amount", "at", "reference", "void"}`, as `--json` prints it and the API answers it.
    public static let fields = ResultFields<PaymentResult>([
        ResultField("id", .integer(minimum: 1)) { .integer($0.payment.id) },
        ResultField("member", .string) { .string($0.payment.member) },
        ResultField("amount", BillingJSON.money) { .string($0.payment.amount.text) },
        ResultField("at", .time) { .string($0.payment.at.iso8601) },
        ResultField("reference", JSONSchema.string.orNull) { .optional($0.payment.reference) },
        ResultField("void", .boolean) { .bool($0.payment.isVoid) },
    ])
}
