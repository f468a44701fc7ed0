import GaslogCore
import NitroxCalculator

/// `gaslog config get|set|list`: the logbook's settings.
enum ConfigCommand {
    static let spec = CommandSpec(
        "config",
        abstract: "Show or change the logbook's settings.",
        discussion: Setting.allCases.map { "\($0.key) (default \($0.defaultValue)): \($0.help)." }.joined(separator: "\n"),
        subcommands: [
            CommandSpec("get", abstract: ShowSetting.summary.commandLine, inputs: ShowSetting.inputs, handler: get),
            CommandSpec(
                "set", abstract: ChangeSetting.summary.commandLine, inputs: ChangeSetting.inputs,
                examples: ["gaslog config set hydro-interval-years 5", "gaslog config set unit imperial"], handler: set),
            CommandSpec(
                "list", abstract: ListSettings.summary.commandLine, inputs: ListSettings.inputs, options: [CommonOptions.json], handler: list),
        ]
    )

    static func get(_ context: CommandContext) throws(CommandError) {
        context.output.writeLine(try context.run(ShowSetting.self).output.value)
    }

    static func set(_ context: CommandContext) throws(CommandError) {
        let outcome = try context.run(ChangeSetting.self)
        context.output.writeLine("\(outcome.output.setting.key) = \(outcome.output.value)")
    }

    static func list(_ context: CommandContext) throws(CommandError) {
        let outcome = try context.run(ListSettings.self)
        if context.wantsJSON { return context.output.write(outcome.encoded) }
        let settings = outcome.output.settings
        for setting in Setting.allCases {
            let value = settings.value(setting)
            context.output.writeLine("\(setting.key) = \(value)" + (settings.values[setting] == nil ? "  (default)" : ""))
        }
    }
}
