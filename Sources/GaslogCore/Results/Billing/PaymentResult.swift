import LogbookStore

/// A payment recorded or voided: `{"id", "member", "amount", "at", "reference", "void"}`.
public struct PaymentResult: UseCaseResult {
    /// The payment as stored.
    public let payment: Payment

    /// The result as `--json` prints it and the API answers it.
    public func json(warnings: [Warning]) -> JSONValue { BillingJSON.payment(payment) }
}
