import GaslogCore

/// `gaslog audit`: prints the audit trail, oldest entry first.
enum AuditCommand {
    static let spec = CommandSpec(
        "audit", abstract: ReadAudit.summary.commandLine, discussion: ReadAudit.description?.commandLine,
        inputs: ReadAudit.inputs, options: [CommonOptions.json],
        examples: ["gaslog audit --since 2026-01-01", "gaslog audit --json"],
        handler: run
    )

    static func run(_ context: CommandContext) throws(CommandError) {
        let result = try context.run(ReadAudit.self).output
        if context.wantsJSON { return context.writeJSON(result) }
        let entries = result.entries
        guard !entries.isEmpty else { return context.output.writeLine("No audit entries.") }
        for entry in entries {
            let actor = entry.actor.isEmpty ? "" : " by \(entry.actor)"
            context.output.writeLine("\(entry.id)  \(LocalTime.text(of: entry.at))  \(entry.kind)  \(entry.subject)\(actor)")
            context.output.writeLine("    \(entry.data)")
            context.output.writeLine("    \(entry.hash)")
        }
    }
}
