import GaslogCore
import LogbookStore
import NitroxCalculator

/// `gaslog audit`: prints the audit trail, oldest entry first.
enum AuditCommand {
    static let since = Option<Timestamp>(
        "since", value: "date",
        help: "Only entries at or after this date or time, local unless it carries Z or an offset.", read: Timestamp.parse)

    static let spec = CommandSpec(
        "audit",
        abstract: "Print the audit trail: every change to the logbook, oldest first.",
        discussion: """
            Each entry has its number in the chain, its time, the account that made the change (empty for \
            the command line), what happened, the row it concerns, the row after the change as canonical \
            JSON, and its hash. 'gaslog verify' checks them.
            """,
        options: [since, CommonOptions.json],
        examples: ["gaslog audit --since 2026-01-01", "gaslog audit --json"],
        handler: run
    )

    static func run(_ context: CommandContext) throws(CommandError) {
        let since = try context.value(Self.since)
        let entries = try context.withLogbook { logbook throws(LogbookError) in try logbook.auditEntries(since: since) }
        if context.wantsJSON {
            return context.emit(lines: entries.map(json))
        }
        guard !entries.isEmpty else { return context.output.writeLine("No audit entries.") }
        for entry in entries {
            let actor = entry.actor.isEmpty ? "" : " by \(entry.actor)"
            context.output.writeLine("\(entry.id)  \(LocalTime.text(of: entry.at))  \(entry.kind)  \(entry.subject)\(actor)")
            context.output.writeLine("    \(entry.data)")
            context.output.writeLine("    \(entry.hash)")
        }
    }

    /// An entry with the trail's column names; `data` stays the canonical text that was hashed.
    static func json(_ entry: AuditEntry) -> JSONValue {
        .object([
            ("id", .integer(entry.id)), ("at", .string(entry.at.iso8601)), ("actor", .string(entry.actor)),
            ("kind", .string(entry.kind)), ("subject", .string(entry.subject)), ("data", .string(entry.data)),
            ("hash", .string(entry.hash)),
        ])
    }
}
