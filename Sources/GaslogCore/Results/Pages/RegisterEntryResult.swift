import LogbookStore
import NitroxCalculator

/// One cylinder's register entry.
public struct RegisterEntryResult: UseCaseResult {
    /// The entry.
    public let cylinder: Cylinder
    /// The settings its inspections fall due by.
    public let settings: LogbookSettings
    /// Today, by the logbook's clock.
    public let today: CivilDate

    /// The register's keys for the cylinder, in the logbook's units.
    public func json(warnings: [Warning]) -> JSONValue {
        ResultJSON.cylinder.json(of: (cylinder: cylinder, settings: settings, unit: settings.unit, today: today))
    }
}
