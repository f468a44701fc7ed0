import GaslogCore

/// `gaslog verify`: holds the logbook to its hash-chained audit trail.
enum VerifyCommand {
    static let expect = VerifyAudit.expect

    static let spec = CommandSpec(
        "verify",
        abstract: "Check the audit trail: every hash of its chain, and every fill, void and register fact against it.",
        discussion: """
            Every change to the logbook is an entry of the audit trail, whose hash covers the entry before it. \
            verify recomputes each hash from the first entry, checks that every fill, void, cylinder, setting, \
            account and token is as its latest entry recorded, and prints the number of entries and the head: \
            the last entry's hash. Note the head somewhere else (a paper log, an e-mail to the auditors); \
            a later verify --expect with it proves that nothing up to it was rewritten since, which the chain \
            alone cannot show of its last entries. Any mismatch exits 65, naming the first entry that breaks.
            """,
        options: [expect],
        examples: ["gaslog verify", "gaslog verify --expect 3f1c…e09a"],
        handler: run
    )

    static func run(_ context: CommandContext) throws(CommandError) {
        let verified = try context.run(VerifyAudit.self).output
        let (result, expected) = (verified.verification, verified.expected)
        context.output.writeLine("Audit trail: \(result.entries) \(result.entries == 1 ? "entry" : "entries"), every hash and row matches.")
        if let entry = result.expectedEntry, let expected {
            context.output.writeLine("Expected head \(expected) is entry \(entry) of the chain.")
        }
        context.output.writeLine("Head: \(result.head)")
    }
}
