import LogbookStore
import NitroxCalculator

/// The JSON members that several results share, written once: `--json` and
/// the API give them from here.
public enum ResultJSON {
    /// The helium numbers at a depth, as JSON members: the minimum depth
    /// (`null` when the mix is breathable at the surface), the END and the density.
    public static func helium(_ facts: MixFacts) -> [(String, JSONValue)] {
        [
            ("min_depth", facts.minimumDepth.map { .integer($0) } ?? .null),
            ("end", .integer(facts.equivalentNarcoticDepth)),
            ("density", .number(facts.densityText)),
        ]
    }

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

    /// A cylinder's current gas as `mod CYLINDER --json` and `list --json`
    /// give it. `label_o2` is the reading the label and MOD are from.
    public static func currentGas(
        _ gas: CurrentGas, shown: ShownGas?, unit: UnitSystem, limit: OxygenPartialPressure?,
        rounding: DepthRounding?
    ) -> JSONValue {
        func ids(_ reason: CurrentGas.PassedOver.Reason) -> JSONValue {
            .array(gas.passedOver.filter { $0.reason == reason }.map { .integer($0.id) })
        }
        var members: [(String, JSONValue)] = [("cylinder", .string(gas.cylinder.name))]
        if let fill = gas.fill, let shown {
            let diver: JSONValue = fill.diverMix.map { .number($0.percentText) } ?? .null
            members += [
                ("label", .string(shown.label)),
                ("o2", .number(fill.mix.percentText)),
                ("diver_o2", diver),
                ("label_o2", .number(shown.mix.percentText)),
                ("ppo2", .number((limit ?? shown.partialPressure).text)),
                ("mod", .integer(shown.mod(at: limit, rounding: rounding).depth(in: unit))),
                ("tag_mod", .integer(shown.tagDepth(in: unit))),
            ]
        } else {
            members += ["label", "o2", "diver_o2", "label_o2", "ppo2", "mod", "tag_mod"].map { ($0, JSONValue.null) }
        }
        members += [
            ("unit", .string(unit.rawValue)),
            ("fill_id", gas.fill.map { .integer($0.id) } ?? .null),
            ("filled_at", gas.fill.map { .string($0.filledAt.iso8601) } ?? .null),
            ("retired", .bool(gas.cylinder.isRetired)),
            ("void_fill_ids", ids(.void)),
            ("future_fill_ids", ids(.future)),
        ]
        return .object(members)
    }
}
