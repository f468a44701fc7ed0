import Credentials
import GaslogCore
import NitroxCalculator

/// `gaslog token …`: API tokens for the fill-log service, each acting for one
/// account with its role.
enum TokenCommand {
    static let spec = CommandSpec(
        "token",
        abstract: "Manage API tokens for the fill-log service.",
        discussion: """
            A token is \(APIToken.length) hexadecimal digits (\(APIToken.byteCount) random bytes). It is printed \
            once, when it is made, and stored only as its SHA-256: keep it then, or make another. A \
            revoked token, or one whose account was removed, is refused from the service's next request on.
            """,
        subcommands: [
            CommandSpec(
                "create", abstract: CreateToken.summary.commandLine, inputs: CreateToken.inputs,
                options: [CommonOptions.json],
                examples: ["gaslog token create ali --label \"fill station tablet\""], handler: create),
            CommandSpec(
                "list", abstract: ListTokens.summary.commandLine, inputs: ListTokens.inputs,
                options: [CommonOptions.json], handler: list),
            CommandSpec(
                "revoke", abstract: RevokeToken.summary.commandLine, inputs: RevokeToken.inputs, examples: ["gaslog token revoke 3"],
                handler: revoke),
        ]
    )

    static func create(_ context: CommandContext) throws(CommandError) {
        let created = try context.run(CreateToken.self).output
        if context.wantsJSON { return context.writeJSON(created) }
        let (record, token) = (created.record, created.token)
        context.output.writeLine("Token \(record.id) for \(record.account) (\(singleLine(record.label))); it is shown only now:")
        context.output.writeLine(token)
    }

    static func list(_ context: CommandContext) throws(CommandError) {
        let result = try context.run(ListTokens())
        if context.wantsJSON { return context.writeJSON(result) }
        let tokens = result.tokens
        guard !tokens.isEmpty else {
            return context.output.writeLine("No tokens yet. Make one with: gaslog token create <name> --label <text>")
        }
        var table = TextTable(["ID", "ACCOUNT", "LABEL", "CREATED", "REVOKED"])
        for token in tokens {
            table.append([
                String(token.id), token.account, token.label, LocalTime.text(of: token.createdAt),
                token.revokedAt.map { LocalTime.text(of: $0) } ?? "",
            ])
        }
        context.output.write(table.text(style: context.style, omittingEmptyColumns: true))
    }

    static func revoke(_ context: CommandContext) throws(CommandError) {
        let token = try context.run(RevokeToken.self).output.token
        context.output.writeLine("Revoked token \(token.id) of \(token.account) (\(singleLine(token.label))).")
    }
}
