import LogbookStore
import NitroxCalculator

/// Each cylinder's current gas, one per line in JSON.
public struct CurrentGasesResult: UseCaseResult {
    /// A cylinder's current gas, and the gas its tag shows.
    public struct Row: Sendable {
        /// The cylinder and its current gas, if any.
        public let gas: CurrentGas
        /// The gas the current fill's tag shows, its stored MOD checked.
        public let shown: ShownGas?
    }

    /// One row per cylinder, in name order.
    public let rows: [Row]
    /// The unit depths are shown in.
    public let unit: UnitSystem
    /// How MODs are rounded; each fill's own rounding when `nil`.
    public let rounding: DepthRounding?

    /// The result as `--json` prints it and the API answers it.
    public func json(warnings: [Warning]) -> JSONValue {
        .array(
            rows.map { CurrentGasEntry.fields.json(of: CurrentGasEntry(gas: $0.gas, shown: $0.shown, unit: unit, limit: nil, rounding: rounding)) })
    }

    /// A list: one element per line.
    public var isListed: Bool { true }
}
