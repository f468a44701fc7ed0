import LogbookStore
import NitroxCalculator

/// The JSON members that several results share, written once: `--json` and
/// the API give them from here.
public enum ResultJSON {
    /// The helium numbers at a depth: the minimum depth (`null` when the
    /// mix is breathable at the surface), the END and the density.
    public static let helium = ResultFields<MixFacts>([
        ResultField(
            "min_depth",
            JSONSchema.integer().orNull.described(
                "The shallowest depth where the gas is not hypoxic; null when it is breathable at the surface.")
        ) { $0.minimumDepth.map { .integer($0) } ?? .null },
        ResultField("end", JSONSchema.integer().described("The equivalent narcotic depth at the MOD.")) {
            .integer($0.equivalentNarcoticDepth)
        },
        ResultField("density", JSONSchema.number.described("Gas density at the MOD, g/L.")) { .number($0.densityText) },
    ])

    /// A fill as `log --json` and `tag --json` give it: the export's keys,
    /// then its MOD and pressure in `unit`.
    public static func fill(_ fill: FillRecord, unit: UnitSystem) -> JSONValue {
        guard case .object(let members) = FillLogFormat.json(fill) else { return FillLogFormat.json(fill) }
        return .object(members + loggedFill.members(of: (fill, unit)))
    }

    /// What the log adds to the export's keys.
    static let loggedFill = ResultFields<(fill: FillRecord, unit: UnitSystem)>([
        ResultField("unit", .unit) { .string($0.unit.rawValue) },
        ResultField("mod", JSONSchema.integer().described("The MOD in the unit's depth.")) { .integer($0.fill.mod(in: $0.unit)) },
        ResultField("pressure", JSONSchema.number.orNull.described("The fill pressure in bar (metric) or psi (imperial).")) { entry in
            entry.fill.pressure.map { entry.unit == .metric ? .number($0.barText) : .integer($0.psi.roundedHalfDown) } ?? .null
        },
    ])

    /// The name of that schema among the OpenAPI document's.
    public static let loggedFillName = "LoggedFill"

    /// The schema of a fill as the log gives it.
    public static var loggedFillSchema: JSONSchema {
        JSONSchema.all([FillRecord.reference, loggedFill.schema]).described(
            "A fill as the log gives it: the export's keys, then its MOD and pressure in the unit in force.")
    }
}
