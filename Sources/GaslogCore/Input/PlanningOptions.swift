import LogbookStore
import NitroxCalculator

/// The inputs the dive-planning calculators share: the gas and the planned depth.
public enum PlanningOptions {
    /// The gas, required: `ead`, `end` and `ppo2` are about one mix.
    public static let o2 = CommonOptions.o2.required()

    /// The planned depth. It is read in the unit, which is known only once
    /// the settings are.
    public static let depth = Option<String>(
        "depth", value: "depth", schema: ValueSchemas.depth,
        help: "Planned depth: 0 to 150 m or 0 to 500 ft (per \(option: "unit") or the preference), at most one decimal."
    ) { $0 }.required()

    /// The planned depth in `unit`.
    public static func plannedDepth(_ input: InputReader, unit: UnitSystem) throws(LogbookError) -> Depth {
        try input.interpret(try input.value(depth), { try Depth(parsing: $0, unit: unit) }, field: depth.spec.name)
    }
}
