import GaslogCore
import LogbookStore
import NitroxCalculator

/// `gaslog unit`: shows or sets the unit preference.
enum UnitCommand {
    static let spec = CommandSpec(
        "unit",
        abstract: "Show or set the unit preference that every report follows (default metric); the same as 'config get|set unit'.",
        arguments: [newUnit],
        handler: run
    )

    static let newUnit = Argument<UnitSystem>("unit", completion: UnitSystem.completion, help: "metric (m, bar) or imperial (ft, psi).") { name in
        guard let unit = UnitSystem(name: name) else {
            throw FieldError("invalid value \(quoted(name)) for --unit: expected metric or imperial")
        }
        return unit
    }.optional()

    static func run(_ context: CommandContext) throws(CommandError) {
        guard let unit = try context.value(newUnit) else {
            context.output.writeLine(try context.unit().rawValue)
            return
        }
        try context.withLogbook { logbook throws(LogbookError) in try logbook.setUnitPreference(unit, actor: context.actor) }
        context.output.writeLine(unit.rawValue)
    }
}
