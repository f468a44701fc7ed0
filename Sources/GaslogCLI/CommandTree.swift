import GaslogCore

/// The whole `gaslog` command tree, declared once. Parsing, help and usage
/// are generated from it.
public enum CommandTree {
    /// gaslog's version, as `--version` prints it.
    public static let version = GaslogVersion.current

    /// The `gaslog` command itself, with every command below it.
    public static let root = CommandSpec(
        "gaslog",
        abstract: GaslogSummary.text,
        discussion: """
            Depths use 10 m or 33 ft of sea water per bar, so feet are metres × 3.3, as \
            divers compute them by hand. MODs are computed exactly and rounded to the nearest \
            unit, an exact half going to the shallower depth.
            """,
        options: [CommonOptions.db, CommonOptions.color, CommonOptions.quiet, CommonOptions.help, CommonOptions.version],
        namedSubcommands: [
            .init("mod") { ModCommand.spec },
            .init("fill") { FillCommand.spec },
            .init("list") { ListCommand.spec },
            .init("log") { LogCommand.spec },
            .init("void") { VoidCommand.spec },
            .init("export") { ExportCommand.spec },
            .init("import") { ImportCommand.spec },
            .init("table") { TableCommand.spec },
            .init("best-mix") { BestMixCommand.spec },
            .init("ead") { EADCommand.spec },
            .init("end") { EndCommand.spec },
            .init("ppo2") { PartialPressureCommand.spec },
            .init("blend") { BlendCommand.spec },
            .init("cylinder") { CylinderCommand.spec },
            .init("due") { DueCommand.spec },
            .init("compressor") { CompressorCommand.spec },
            .init("price") { BillingCommands.price },
            .init("charge") { BillingCommands.charge },
            .init("payment") { BillingCommands.payment },
            .init("bill") { BillingCommands.bill },
            .init("tag") { TagCommand.spec },
            .init("config") { ConfigCommand.spec },
            .init("serve") { ServeCommand.spec },
            .init("unit") { UnitCommand.spec },
            .init("user") { UserCommand.spec },
            .init("token") { TokenCommand.spec },
            .init("verify") { VerifyCommand.spec },
            .init("audit") { AuditCommand.spec },
            .init("check") { CheckCommand.spec },
            .init("backup") { BackupCommand.spec },
            .init("restore") { RestoreCommand.spec },
            .init("completions") { CompletionsCommand.spec },
            .init("man") { ManCommand.spec },
            .init("__complete") { CompleteCommand.spec },
        ],
        examples: [
            "gaslog fill \"Club 07\" --o2 32",
            "gaslog mod \"Club 07\"",
            "gaslog mod --o2 EAN36 --ppo2 1.6 --unit imperial",
        ]
    )

    /// The spec at `path` below the root.
    public static func command(at path: [String]) -> CommandSpec {
        var command = root
        for name in path {
            guard let subcommand = command.subcommand(named: name) else { break }
            command = subcommand
        }
        return command
    }
}
