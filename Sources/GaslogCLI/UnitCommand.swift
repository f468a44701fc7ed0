import GaslogCore

/// `gaslog unit`: shows or sets the unit preference.
enum UnitCommand {
    static let spec = CommandSpec(
        "unit", abstract: SetUnit.summary.commandLine,
        arguments: [newUnit],
        handler: run
    )

    static let newUnit = SetUnit.unit.optional()

    static func run(_ context: CommandContext) throws(CommandError) {
        guard let unit = try context.value(newUnit) else {
            context.output.writeLine(try context.unit().rawValue)
            return
        }
        _ = try context.run(SetUnit(unit))
        context.output.writeLine(unit.rawValue)
    }
}
