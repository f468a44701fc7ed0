import GaslogCore

/// The whole `gaslog` command tree, declared once. Parsing, help and usage
/// are generated from it.
public enum CommandTree {
    /// gaslog's version, as `--version` prints it.
    public static let version = GaslogVersion.current

    /// The `gaslog` command itself, with every command below it.
    public static let root = CommandSpec(
        "gaslog",
        abstract: "A dive-gas logbook: which gas went into which cylinder, and how deep it can go.",
        discussion: """
            Depths use 10 m or 33 ft of sea water per bar, so feet are metres × 3.3, as \
            divers compute them by hand. MODs are computed exactly and rounded to the nearest \
            unit, an exact half going to the shallower depth.
            """,
        options: [CommonOptions.db, CommonOptions.color, CommonOptions.quiet, CommonOptions.help, CommonOptions.version],
        subcommands: [
            ModCommand.spec,
            FillCommand.spec,
            ListCommand.spec,
            LogCommand.spec,
            VoidCommand.spec,
            ExportCommand.spec,
            ImportCommand.spec,
            TableCommand.spec,
            BestMixCommand.spec,
            EADCommand.spec,
            EndCommand.spec,
            PartialPressureCommand.spec,
            BlendCommand.spec,
            CylinderCommand.spec,
            DueCommand.spec,
            TagCommand.spec,
            ConfigCommand.spec,
            ServeCommand.spec,
            UnitCommand.spec,
            UserCommand.spec,
            TokenCommand.spec,
            VerifyCommand.spec,
            AuditCommand.spec,
            CheckCommand.spec,
            BackupCommand.spec,
            RestoreCommand.spec,
            CompletionsCommand.spec,
            ManCommand.spec,
            CompleteCommand.spec,
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
