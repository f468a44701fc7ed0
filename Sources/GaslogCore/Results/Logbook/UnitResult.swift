import NitroxCalculator

/// The units just stored.
public struct UnitResult: UseCaseResult {
    /// The units.
    public let unit: UnitSystem

    /// `unit`.
    public func json(warnings: [Warning]) -> JSONValue {
        .object([("unit", .string(unit.rawValue))], warnings: warnings)
    }
}
