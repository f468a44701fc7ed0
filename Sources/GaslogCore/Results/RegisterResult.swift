import LogbookStore
import NitroxCalculator

/// The register: each cylinder's entry, one per line in JSON.
public struct RegisterResult: UseCaseResult {
    /// Every cylinder, in name order.
    public let cylinders: [Cylinder]
    /// The settings their due dates are computed with.
    public let settings: LogbookSettings
    /// The unit capacities and pressures are shown in.
    public let unit: UnitSystem
    /// The day inspections are measured against.
    public let today: CivilDate

    /// The result as `--json` prints it and the API answers it.
    public func json(warnings: [Warning]) -> JSONValue {
        .array(cylinders.map { ResultJSON.cylinder.json(of: ($0, settings, unit, today)) })
    }

    /// A list: one element per line.
    public var isListed: Bool { true }
}
