import GaslogCore
import LogbookStore
import NitroxCalculator

/// `gaslog config get|set|list`: the logbook's settings.
enum ConfigCommand {
    static let key = Argument<Setting>("key", help: "One of: " + Setting.allCases.map(\.key).joined(separator: ", ") + ".")
    static let value = Argument<String>("value", completion: .settingValues, help: "The new value.") { $0 }

    static let spec = CommandSpec(
        "config",
        abstract: "Show or change the logbook's settings.",
        discussion: Setting.allCases.map { "\($0.key) (default \($0.defaultValue)): \($0.help)." }.joined(separator: "\n"),
        subcommands: [
            CommandSpec("get", abstract: "Print a setting's value.", arguments: [key], handler: get),
            CommandSpec(
                "set", abstract: "Change a setting.", arguments: [key, value],
                examples: ["gaslog config set hydro-interval-years 5", "gaslog config set unit imperial"], handler: set),
            CommandSpec("list", abstract: "Print every setting.", options: [CommonOptions.json], handler: list),
        ]
    )

    static func get(_ context: CommandContext) throws(CommandError) {
        let setting = try context.value(key)
        let settings = try context.settings()
        context.output.writeLine(settings.value(setting))
    }

    static func set(_ context: CommandContext) throws(CommandError) {
        let setting = try context.value(key)
        let text = try context.value(value)
        let value = try context.withLogbook { logbook throws(LogbookError) in try logbook.set(setting, to: text, by: context.actor) }
        context.output.writeLine("\(setting.key) = \(value)")
    }

    static func list(_ context: CommandContext) throws(CommandError) {
        let settings = try context.settings()
        if context.wantsJSON {
            return context.emit(
                .object(
                    Setting.allCases.map { setting in
                        let value = settings.value(setting)
                        return (setting.key, setting.choices.isEmpty ? .number(value) : .string(value))
                    }))
        }
        for setting in Setting.allCases {
            let value = settings.value(setting)
            context.output.writeLine("\(setting.key) = \(value)" + (settings.values[setting] == nil ? "  (default)" : ""))
        }
    }
}
