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
        guard case .object(var members) = FillLogFormat.json(fill) else { return FillLogFormat.json(fill) }
        members += [
            ("unit", .string(unit.rawValue)),
            ("mod", .integer(fill.mod(in: unit))),
            ("pressure", fill.pressure.map { unit == .metric ? .number($0.barText) : .integer($0.psi.roundedHalfDown) } ?? .null),
        ]
        return .object(members)
    }
}
