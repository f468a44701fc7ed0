import LogbookStore
import NitroxCalculator

/// `gaslog unit`: shows or sets the unit preference.
enum UnitCommand {
    static let spec = CommandSpec(
        "unit",
        abstract: "Show or set the unit preference that every report follows (default metric); the same as 'config get|set unit'.",
        arguments: [ArgumentSpec("unit", optional: true, completion: .choices(UnitSystem.allCases.map(\.rawValue)), help: "metric (m, bar) or imperial (ft, psi).")],
        handler: run
    )

    static func run(_ invocation: Invocation, _ context: CommandContext) throws(CommandError) {
        guard let name = invocation.arguments.first else {
            let unit = try context.unit()
            context.output.writeLine(unit.rawValue)
            return
        }
        guard let unit = UnitSystem(name: name) else {
            throw .badValue("invalid value \(quoted(name)) for --unit: expected metric or imperial")
        }
        try context.withLogbook { logbook throws(LogbookError) in try logbook.setUnitPreference(unit) }
        context.output.writeLine(unit.rawValue)
    }
}
