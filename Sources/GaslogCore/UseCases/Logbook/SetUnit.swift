import LogbookStore
import NitroxCalculator

/// Stores the units reports use when no `--unit` is given.
public struct SetUnit: UseCase {
    /// What it does, in a line: the command's overview and the API operation's summary.
    public static let summary: Wording =
        "Show or set the unit preference that every report follows (default metric); the same as 'config get|set unit'."

    /// The units.
    public static let unit = Argument<UnitSystem>("unit", completion: UnitSystem.completion, help: "metric (m, bar) or imperial (ft, psi).") {
        name in
        guard let unit = UnitSystem(name: name) else {
            throw FieldError("invalid value \(quoted(name)) for --unit: expected metric or imperial")
        }
        return unit
    }
    /// The units.
    public static let inputs: [any InputDeclaration] = [unit]

    /// The units stored.
    public let system: UnitSystem

    /// Stores `system`.
    public init(_ system: UnitSystem) {
        self.system = system
    }

    /// Reads the units.
    public init(_ input: InputReader) throws(LogbookError) {
        self.init(try input.value(Self.unit))
    }

    /// Stores them, for the session's account.
    public func run(in session: Session) throws(LogbookError) -> UnitResult {
        try session.logbook().setUnitPreference(system, actor: session.actor)
        return UnitResult(unit: system)
    }
}
