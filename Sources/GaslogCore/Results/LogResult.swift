import LogbookStore
import NitroxCalculator

/// Fills, newest first: in JSON each as `tag --json` begins, one per line.
/// The JSON is the record as stored; whoever shows a depth checks the
/// stored MOD first.
public struct LogResult: UseCaseResult {
    /// The fills, newest first.
    public let fills: [FillRecord]
    /// The unit the MODs and pressures are in.
    public let unit: UnitSystem

    /// The result as `--json` prints it and the API answers it.
    public func json(warnings: [Warning]) -> JSONValue {
        .array(fills.map { ResultJSON.fill($0, unit: unit) })
    }

    /// A list: one element per line.
    public var isListed: Bool { true }
}
