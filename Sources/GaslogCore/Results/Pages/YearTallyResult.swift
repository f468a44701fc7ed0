import LogbookStore

/// A year's fills counted by local month.
public struct YearTallyResult: UseCaseResult {
    /// The year.
    public let year: Int
    /// The counts by month (`period`, 0 for January), gas label, void and override.
    public let tally: [FillTally]

    /// Each count with its month, label and marks.
    public func json(warnings: [Warning]) -> JSONValue {
        .object(
            [
                ("year", .integer(year)),
                (
                    "tally",
                    .array(
                        tally.map { cell in
                            .object([
                                ("month", .integer(cell.period + 1)), ("label", .string(cell.label)), ("void", .bool(cell.isVoid)),
                                ("overridden", .bool(cell.isOverridden)), ("count", .integer(cell.count)),
                            ])
                        })
                ),
            ], warnings: warnings)
    }
}
