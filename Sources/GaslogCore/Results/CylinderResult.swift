import LogbookStore
import NitroxCalculator

/// One cylinder as every register use case shows it: its facts, when its
/// inspections fall due, its history, its current gas, and for `show` the
/// register's changes from the audit trail. In JSON: the register entry's
/// keys, then `current_gas`, `current_fill_id`, `earlier_names`, `history`,
/// `changes` (for `show` only), and `warnings`.
public struct CylinderResult: UseCaseResult {
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
            currentGas = try logbook.currentGas(of: name)
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

    /// The result as `--json` prints it and the API answers it.
    public func json(warnings: [Warning]) -> JSONValue {
        guard case .object(var members) = ResultJSON.cylinder(cylinder, settings: settings, unit: unit, today: today) else {
            return .object([], warnings: warnings)
        }
        let current = currentGas?.fill
        members.append(("current_gas", shown.map { .string($0.label) } ?? .null))
        members.append(("current_fill_id", current.map { .integer($0.id) } ?? .null))
        members.append(
            (
                "earlier_names",
                .array(renames.map { event in .object([("name", .optional(event.oldName)), ("until", .string(event.at.iso8601))]) })
            ))
        members.append(
            (
                "history",
                .array(
                    history.map { event in
                        .object([
                            ("event", .string(event.kind.rawValue)), ("at", .string(event.at.iso8601)),
                            ("old_name", .optional(event.oldName)), ("new_name", .optional(event.newName)),
                            ("reason", .optional(event.reason)),
                        ])
                    })
            ))
        if let changes { members.append(("changes", .array(changes.map(ResultJSON.change.json(of:))))) }
        return .object(members, warnings: warnings)
    }
}
