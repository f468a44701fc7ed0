import Credentials
import GaslogCore
import LogbookStore
import NitroxCalculator

/// `gaslog token …`: API tokens for the fill-log service, each acting for one
/// account with its role.
enum TokenCommand {
    static let account = Argument<AccountName>("name", help: "The account the token acts for.")
    static let label = CommonOptions.name(
        "label", value: "text", field: "token label", help: "What the token is for, such as the device or script that uses it."
    )
    .required()
    static let tokenID = Argument<Int>("token-id", help: "The token's id, as 'token list' shows it.") {
        try WholeNumber.parse($0, in: 1...Int.max, what: "token id")
    }

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
                "create", abstract: "Make a token for an account and print it, once.", arguments: [account],
                options: [label, CommonOptions.json],
                examples: ["gaslog token create ali --label \"fill station tablet\""], handler: create),
            CommandSpec(
                "list", abstract: "List the tokens: id, account, label and dates, never the token.",
                options: [CommonOptions.json], handler: list),
            CommandSpec(
                "revoke", abstract: "Revoke a token.", arguments: [tokenID], examples: ["gaslog token revoke 3"], handler: revoke),
        ]
    )

    static func create(_ context: CommandContext) throws(CommandError) {
        let name = try context.value(account)
        let label = try context.value(Self.label)
        let token = APIToken.generate()
        let record = try context.withLogbook { logbook throws(LogbookError) in
            try logbook.createToken(for: name, label: label, tokenHash: APIToken.hash(token), actor: context.actor)
        }
        if context.wantsJSON {
            return context.emit(
                .object([
                    ("id", .integer(record.id)), ("account", .string(record.account)), ("label", .string(record.label)),
                    ("token", .string(token)),
                ]))
        }
        context.output.writeLine("Token \(record.id) for \(record.account) (\(singleLine(record.label))); it is shown only now:")
        context.output.writeLine(token)
    }

    static func list(_ context: CommandContext) throws(CommandError) {
        let tokens = try context.withLogbook { logbook throws(LogbookError) in try logbook.tokens() }
        if context.wantsJSON {
            return context.emit(
                lines: tokens.map { token in
                    .object([
                        ("id", .integer(token.id)), ("account", .string(token.account)), ("label", .string(token.label)),
                        ("created_at", .string(token.createdAt.iso8601)), ("revoked_at", .optional(token.revokedAt?.iso8601)),
                    ])
                })
        }
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
        let id = try context.value(tokenID)
        let token = try context.withLogbook { logbook throws(LogbookError) in try logbook.revokeToken(id: id, actor: context.actor) }
        context.output.writeLine("Revoked token \(token.id) of \(token.account) (\(singleLine(token.label))).")
    }
}
