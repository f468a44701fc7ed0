import LogbookStore
import NitroxCalculator

/// One cylinder as every register use case shows it: its facts, when its
/// inspections fall due, its history, its current gas, and for `show` the
/// register's changes from the audit trail. In JSON: the register entry's
/// keys, then `current_gas`, `current_fill_id`, `earlier_names`, `history`,
/// `changes` (for `show` only), and `warnings`.
public struct CylinderResult: UseCaseResult, DeclaredObject {
    /// The cylinder as stored now.
    public let cylinder: Cylinder
    /// The settings its due dates are computed with.
    public let settings: LogbookSettings
    /// The unit its capacity, pressures and depths are shown in.
    public let unit: UnitSystem
    /// The day its inspections are measured against.
    public let today: CivilDate
    /// Its renames, retirements and reinstatements, oldest first.
    public let history: [CylinderEvent]
    /// Its current gas; `nil` when it has none in force.
    public let currentGas: CurrentGas?
    /// The gas its current fill's tag shows, its stored MOD checked.
    public let shown: ShownGas?
    /// The register's changes, oldest first, for `show`; `nil` otherwise.
    public let changes: [RegisterChange]?
    /// The cylinder, when the use case added it.
    public let created: CreatedRecord?

    /// The cylinder as shown after a register use case: its history and its
    /// current gas read by its name now, in `unit` (the preferred unit when
    /// `nil`). A current gas whose stored MOD fails its check is an error.
    init(
        _ cylinder: Cylinder, unit: UnitSystem?, changes: [RegisterChange]? = nil, created: CreatedRecord? = nil,
        in session: Session
    ) throws(LogbookError) {
        let settings = try session.settings()
        let name: CylinderName
        do throws(FieldError) {
            name = try CylinderName(parsing: cylinder.name)
        } catch {
            throw LogbookError(.badInput(FieldMessage([.text(error.message)])))
        }
        let logbook = try session.logbook()
        self.cylinder = cylinder
        self.settings = settings
        self.unit = unit ?? settings.unit
        today = logbook.today()
        history = try logbook.history(of: name)
        // A cylinder without a current gas still has a register entry to
        // show; a logbook that cannot answer is still an error.
        do {
            currentGas = try logbook.currentGas(of: name, latest: EntryTimeLimit(clockOf: logbook).latest)
        } catch {
            switch error.reason {
            case .noFillsYet, .allFillsVoid, .noCurrentGas: currentGas = nil
            default: throw error
            }
        }
        shown = try currentGas?.fill?.shownGas()
        self.changes = changes
        self.created = created
    }

    /// The renames in its history, oldest first.
    public var renames: [CylinderEvent] { history.filter { $0.kind == .renamed } }

    /// Its name among the OpenAPI document's schemas.
    public static let schemaName = "Cylinder"
    /// What it is, for its schema.
    public static let meaning = "A cylinder in the register, with its current gas and its history."
    /// Whether its use case's warnings follow its keys.
    public static let hasWarnings = true

    /// The register entry's keys, then its gas and history, as `--json` prints it and the API answers it.
    public static let fields = ResultFields<CylinderResult>(
        ResultJSON.cylinder.of { ($0.cylinder, $0.settings, $0.unit, $0.today) } + [
            ResultField("current_gas", JSONSchema.string.orNull.described("The current gas's label.")) {
                $0.shown.map { .string($0.label) } ?? .null
            },
            ResultField("current_fill_id", JSONSchema.integer().orNull) { $0.currentGas?.fill.map { .integer($0.id) } ?? .null },
            ResultField("earlier_names", .array(of: earlierName.schema)) { .array($0.renames.map(earlierName.json(of:))) },
            ResultField("history", .array(of: event.schema)) { .array($0.history.map(event.json(of:))) },
            .optional(
                "changes",
                JSONSchema.array(of: ResultJSON.change.schema).described(
                    "From the audit trail (show only): each register change, with the facts it changed.")
            ) { $0.changes.map { .array($0.map(ResultJSON.change.json(of:))) } },
        ])

    /// A name the cylinder had, until its rename.
    private static let earlierName = ResultFields<CylinderEvent>([
        ResultField("name", JSONSchema.string.orNull) { .optional($0.oldName) },
        ResultField("until", .string) { .string($0.at.iso8601) },
    ])

    /// A rename, retirement or reinstatement.
    private static let event = ResultFields<CylinderEvent>([
        ResultField("event", JSONSchema.string.described("renamed, retired or reinstated.")) { .string($0.kind.rawValue) },
        ResultField("at", .string) { .string($0.at.iso8601) },
        ResultField("old_name", JSONSchema.string.orNull) { .optional($0.oldName) },
        ResultField("new_name", JSONSchema.string.orNull) { .optional($0.newName) },
        ResultField("reason", JSONSchema.string.orNull) { .optional($0.reason) },
    ])
}
