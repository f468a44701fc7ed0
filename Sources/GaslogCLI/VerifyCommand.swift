import GaslogCore

/// `gaslog verify`: holds the logbook to its hash-chained audit trail.
enum VerifyCommand {
    static let expect = VerifyAudit.expect

    static let spec = CommandSpec(
        "verify", abstract: VerifyAudit.summary.commandLine, discussion: VerifyAudit.description?.commandLine,
        inputs: VerifyAudit.inputs,
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
