import LogbookStore

/// The members' statements, as `bill --json` prints them and the API answers.
public struct BillResult: UseCaseResult, DeclaredObject {
    /// The statements.
    public let statement: BillStatement
    /// The ISO 4217 code amounts are in.
    public let currency: String
    /// The period as given.
    public let since: String?
    /// The period's end as given.
    public let until: String?

    /// Its name among the OpenAPI document's schemas.
    public static let schemaName = "Bill"
    /// What it is, for its schema.
    public static let meaning = "Each member's statement for a period."
    /// A statement has no warnings.
    public static let hasWarnings = false
    /// The statement as `--json` prints it and the API answers it.
    public static let fields = ResultFields<BillResult>([
        ResultField("currency", JSONSchema.string.described("The ISO 4217 code of every amount.")) { .string($0.currency) },
        ResultField("since", JSONSchema.string.orNull.described("The period's start as given.")) { .optional($0.since) },
        ResultField("until", JSONSchema.string.orNull.described("The period's end as given.")) { .optional($0.until) },
        ResultField("members", .array(of: BillingJSON.member.schema)) { .array($0.statement.members.map(BillingJSON.member.json(of:))) },
        ResultField(
            "unpriced",
            JSONSchema.array(of: BillingJSON.unpriced.schema).described(
                "The period's fills whose gas was not priced, when any gas has a price.")
        ) { .array($0.statement.unpriced.map(BillingJSON.unpriced.json(of:))) },
    ])

    /// The CSV columns: `member`, then a fill's keys.
    public static let csvColumns = ["member"] + BillingJSON.fill.fields.map(\.name)

    /// One row per fill, the member first, each cell as text (`nil` when empty)
    /// and whether it is free text, which a CSV writer neutralises.
    public var csvRows: [[(value: String?, isText: Bool)]] {
        statement.members.flatMap { member in
            member.fills.map { fill in
                [(member.name, true)]
                    + BillingJSON.fill.members(of: fill).map { key, value in
                        let isText = ["cylinder", "label", "top_off"].contains(key)
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
