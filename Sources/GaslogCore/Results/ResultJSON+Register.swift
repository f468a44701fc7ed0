import LogbookStore
import NitroxCalculator

extension ResultJSON {
    /// A cylinder's register entry, as `cylinder list --json` gives each
    /// cylinder and `cylinder show --json` begins: its facts, when its
    /// inspections fall due, and its capacity and working pressure in `unit`.
    public static func cylinder(_ cylinder: Cylinder, settings: LogbookSettings, unit: UnitSystem, today: CivilDate) -> JSONValue {
        let volume = cylinder.volume
        let workingPressure = cylinder.workingPressure
        let capacity: JSONValue =
            switch (unit, volume, workingPressure) {
            case (.imperial, let volume?, let workingPressure?): .number(volume.cubicFeetText(at: workingPressure))
            case (.metric, let volume?, _): .number(volume.litresText)
            default:
                .null
            }
        return .object([
            ("cylinder", .string(cylinder.name)),
            ("serial", .optional(cylinder.serial)),
            ("owner", .optional(cylinder.owner)),
            ("volume", capacity),
            ("volume_l", volume.map { .number($0.litresText) } ?? .null),
            ("working_pressure", workingPressure.map { unit == .metric ? .number($0.barText) : .integer($0.psi.roundedHalfDown) } ?? .null),
            ("working_pressure_bar", workingPressure.map { .number($0.barText) } ?? .null),
            ("hydro", .optional(cylinder.hydroDate?.iso8601)),
            ("hydro_due", .optional(cylinder.hydroDue(settings)?.iso8601)),
            ("hydro_overdue", .bool(cylinder.isHydroOverdue(settings, today: today))),
            ("visual", .optional(cylinder.visualDate?.iso8601)),
            ("visual_due", .optional(cylinder.visualDue(settings)?.iso8601)),
            ("visual_overdue", .bool(cylinder.isVisualOverdue(settings, today: today))),
            ("o2_clean", cylinder.isOxygenClean.map(JSONValue.bool) ?? .null),
            ("note", .optional(cylinder.note)),
            ("retired", .bool(cylinder.isRetired)),
            ("retired_at", .optional(cylinder.retiredAt?.iso8601)),
            ("retired_reason", .optional(cylinder.retiredReason)),
            ("unit", .string(unit.rawValue)),
        ])
    }

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
