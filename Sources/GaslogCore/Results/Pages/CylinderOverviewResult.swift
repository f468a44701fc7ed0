import LogbookStore
import NitroxCalculator

/// A cylinder's page: the cylinder found, its current fill, its latest fills.
public struct CylinderOverviewResult: UseCaseResult {
    /// The cylinder, and the earlier name it was found by, if it was.
    public let resolution: CylinderResolution
    /// The fill of its current gas; `nil` when none is in force.
    public let currentFill: FillRecord?
    /// Its latest fills, newest first, and how many it has.
    public let latest: HistoryPage
    /// Today, by the logbook's clock, for the inspections due.
    public let today: CivilDate

    /// The cylinder's name, its current fill's id and its count of fills.
    public func json(warnings: [Warning]) -> JSONValue {
        .object(
            [
                ("cylinder", .string(resolution.cylinder.name)), ("current_fill", currentFill.map { .integer($0.id) } ?? .null),
                ("fills", .integer(latest.total ?? latest.fills.count)),
            ], warnings: warnings)
    }
}
