import LogbookStore
import NitroxCalculator

/// A cylinder's current gas, as `list --json` gives each cylinder and
/// `mod CYLINDER --json` begins: its label, readings and MOD, or `null`s
/// when it has none, and the newer fills passed over.
public struct CurrentGasEntry: DeclaredObject {
    /// The cylinder and its current gas, if any.
    let gas: CurrentGas
    /// The gas the current fill's tag shows, its stored MOD checked.
    let shown: ShownGas?
    /// The unit depths are shown in.
    let unit: UnitSystem
    /// The ppO₂ the MOD is asked at; the tag's when `nil`.
    let limit: OxygenPartialPressure?
    /// How the MOD is rounded; the fill's own rounding when `nil`.
    let rounding: DepthRounding?

    /// Its name among the OpenAPI document's schemas.
    public static let schemaName = "CurrentGas"
    /// What it is, for its schema.
    public static let meaning = "A cylinder's current gas: its latest fill that is neither void nor dated in the future."
    /// The entry has no warnings of its own.
    public static let hasWarnings = false

    /// The current fill and the gas it shows, when the cylinder has both.
    private var current: (fill: FillRecord, shown: ShownGas)? {
        guard let fill = gas.fill, let shown else { return nil }
        return (fill, shown)
    }

    /// Its keys; `label_o2` is the reading the label and MOD are from.
    public static let fields = ResultFields<CurrentGasEntry>([
        ResultField("cylinder", .string) { .string($0.gas.cylinder.name) },
        ResultField("label", JSONSchema.string.orNull.described("The current gas; null when the cylinder has none.")) {
            $0.current.map { .string($0.shown.label) } ?? .null
        },
        ResultField("o2", JSONSchema.number.orNull) { $0.current.map { .number($0.fill.mix.percentText) } ?? .null },
        ResultField("diver_o2", JSONSchema.number.orNull) { $0.current?.fill.diverMix.map { .number($0.percentText) } ?? .null },
        ResultField("label_o2", JSONSchema.number.orNull.described("The reading the label and MOD are from.")) {
            $0.current.map { .number($0.shown.mix.percentText) } ?? .null
        },
        ResultField("ppo2", JSONSchema.number.orNull) { entry in
            entry.current.map { .number((entry.limit ?? $0.shown.partialPressure).text) } ?? .null
        },
        ResultField("mod", JSONSchema.integer().orNull) { entry in
            entry.current.map { .integer($0.shown.mod(at: entry.limit, rounding: entry.rounding).depth(in: entry.unit)) } ?? .null
        },
        ResultField("tag_mod", JSONSchema.integer().orNull) { entry in
            entry.current.map { .integer($0.shown.tagDepth(in: entry.unit)) } ?? .null
        },
        ResultField("unit", .unit) { .string($0.unit.rawValue) },
        ResultField("fill_id", JSONSchema.integer().orNull) { $0.gas.fill.map { .integer($0.id) } ?? .null },
        ResultField("filled_at", JSONSchema.string.orNull) { $0.gas.fill.map { .string($0.filledAt.iso8601) } ?? .null },
        ResultField("retired", .boolean) { .bool($0.gas.cylinder.isRetired) },
        ResultField("void_fill_ids", JSONSchema.array(of: .integer()).described("Newer fills passed over because they are void.")) {
            $0.passedOver(.void)
        },
        ResultField(
            "future_fill_ids", JSONSchema.array(of: .integer()).described("Newer fills passed over because they are dated in the future.")
        ) { $0.passedOver(.future) },
    ])

    /// The ids of the newer fills passed over for `reason`.
    private func passedOver(_ reason: CurrentGas.PassedOver.Reason) -> JSONValue {
        .array(gas.passedOver.filter { $0.reason == reason }.map { .integer($0.id) })
    }
}
