import LogbookStore
import NitroxCalculator

extension ResultJSON {
    /// A cylinder's register entry, as `cylinder list --json` gives each
    /// cylinder and `cylinder show --json` begins: its facts, when its
    /// inspections fall due, and its capacity and working pressure in `unit`.
    public static let cylinder = ResultFields<(cylinder: Cylinder, settings: LogbookSettings, unit: UnitSystem, today: CivilDate)>([
        ResultField("cylinder", .string) { .string($0.cylinder.name) },
        ResultField("serial", text) { .optional($0.cylinder.serial) },
        ResultField("owner", text) { .optional($0.cylinder.owner) },
        ResultField("volume", JSONSchema.number.orNull.described("Litres (metric), or cubic feet at working pressure (imperial).")) {
            entry in
            switch (entry.unit, entry.cylinder.volume, entry.cylinder.workingPressure) {
            case (.imperial, let volume?, let workingPressure?): .number(volume.cubicFeetText(at: workingPressure))
            case (.metric, let volume?, _): .number(volume.litresText)
            default: .null
            }
        },
        ResultField("volume_l", JSONSchema.number.orNull) { $0.cylinder.volume.map { .number($0.litresText) } ?? .null },
        ResultField("working_pressure", JSONSchema.number.orNull.described("Bar (metric) or psi (imperial).")) { entry in
            entry.cylinder.workingPressure.map { entry.unit == .metric ? .number($0.barText) : .integer($0.psi.roundedHalfDown) } ?? .null
        },
        ResultField("working_pressure_bar", JSONSchema.number.orNull) {
            $0.cylinder.workingPressure.map { .number($0.barText) } ?? .null
        },
        ResultField("hydro", text.described("Date of the last hydrostatic test, YYYY-MM-DD.")) { .optional($0.cylinder.hydroDate?.iso8601) },
        ResultField("hydro_due", text) { .optional($0.cylinder.hydroDue($0.settings)?.iso8601) },
        ResultField("hydro_overdue", .boolean) { .bool($0.cylinder.isHydroOverdue($0.settings, today: $0.today)) },
        ResultField("visual", text.described("Date of the last visual inspection, YYYY-MM-DD.")) {
            .optional($0.cylinder.visualDate?.iso8601)
        },
        ResultField("visual_due", text) { .optional($0.cylinder.visualDue($0.settings)?.iso8601) },
        ResultField("visual_overdue", .boolean) { .bool($0.cylinder.isVisualOverdue($0.settings, today: $0.today)) },
        ResultField("o2_clean", JSONSchema.boolean.orNull.described("null when unknown.")) {
            $0.cylinder.isOxygenClean.map(JSONValue.bool) ?? .null
        },
        ResultField("note", text) { .optional($0.cylinder.note) },
        ResultField("retired", .boolean) { .bool($0.cylinder.isRetired) },
        ResultField("retired_at", text) { .optional($0.cylinder.retiredAt?.iso8601) },
        ResultField("retired_reason", text) { .optional($0.cylinder.retiredReason) },
        ResultField("unit", .unit) { .string($0.unit.rawValue) },
    ])

    /// Text that may be missing.
    private static var text: JSONSchema { JSONSchema.string.orNull }

    /// A register change: its time, account, kind and each fact before and
    /// after, as the trail's JSON values.
    public static let change = ResultFields<RegisterChange>([
        ResultField("at", .string) { .string($0.at.iso8601) },
        ResultField("actor", JSONSchema.string.described("The account; empty for the command line.")) { .string($0.actor) },
        ResultField("kind", JSONSchema.string.described("cylinder add, cylinder edit, cylinder rename, ...")) { .string($0.kind) },
        ResultField("fields", .array(of: changedFact.schema)) { .array($0.fields.map(changedFact.json(of:))) },
    ])

    /// One fact a register change changed; the values are already JSON
    /// text, as the trail holds them.
    private static let changedFact = ResultFields<RegisterChange.Field>([
        ResultField("field", .string) { .string($0.name) },
        ResultField("before", JSONSchema()) { .number($0.before) },
        ResultField("after", JSONSchema()) { .number($0.after) },
    ])
}
