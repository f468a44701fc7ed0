import LogbookStore
import NitroxCalculator

/// Every cylinder's current gas as stored.
public struct StoredGasesResult: UseCaseResult {
    /// The current gases, one per cylinder.
    public let gases: [CurrentGas]
    /// Today, by the logbook's clock.
    public let today: CivilDate

    /// The cylinders' names and their fills' ids, one a line.
    public func json(warnings: [Warning]) -> JSONValue {
        .array(
            gases.map { gas in
                .object([("cylinder", .string(gas.cylinder.name)), ("fill", gas.fill.map { .integer($0.id) } ?? .null)])
            })
    }

    /// A list.
    public var isListed: Bool { true }
}
