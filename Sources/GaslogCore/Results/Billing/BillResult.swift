import LogbookStore

/// The members' statements, as `bill --json` prints them and the API answers.
public struct BillResult: UseCaseResult {
    /// The statements.
    public let statement: BillStatement
    /// The ISO 4217 code amounts are in.
    public let currency: String
    /// The period as given.
    public let since: String?
    /// The period's end as given.
    public let until: String?

    /// `{"currency", "since", "until", "members": […], "unpriced": […]}`.
    public func json(warnings: [Warning]) -> JSONValue {
        .object([
            ("currency", .string(currency)), ("since", .optional(since)), ("until", .optional(until)),
            ("members", .array(statement.members.map(BillResult.json))),
            (
                "unpriced",
                .array(statement.unpriced.map { .object([("fill_id", .integer($0.fillID)), ("reason", .string($0.reason.message))]) })
            ),
        ])
    }

    private static func json(_ member: BillStatement.Member) -> JSONValue {
        .object([
            ("member", .optional(member.name)),
            ("fills", .array(member.fills.map { .object(Array(zip(BillingJSON.fillKeys, BillingJSON.fillValues($0)))) })),
            ("adjustments", .array(member.adjustments.map(BillingJSON.adjustment))),
            ("payments", .array(member.payments.map(BillingJSON.statementPayment))),
            ("charged", .string(member.charged.text)), ("adjusted", .string(member.adjusted.text)), ("paid", .string(member.paid.text)),
            ("balance", .string(member.balance.text)),
        ])
    }

    /// The CSV columns: `member`, then a fill's keys.
    public static let csvColumns = ["member"] + BillingJSON.fillKeys

    /// One row per fill, the member first, each cell as text (`nil` when empty)
    /// and whether it is free text, which a CSV writer neutralises.
    public var csvRows: [[(value: String?, isText: Bool)]] {
        statement.members.flatMap { member in
            member.fills.map { fill in
                [(member.name, true)]
                    + BillingJSON.fillValues(fill).enumerated().map { index, value in
                        let isText = ["cylinder", "label", "top_off"].contains(BillingJSON.fillKeys[index])
                        switch value {
                        case .null: return (nil, isText)
                        case .string(let text), .number(let text): return (text, isText)
                        case .bool(let flag): return (flag ? "true" : "false", false)
                        case .array, .object: return (nil, false)
                        }
                    }
            }
        }
    }
}
