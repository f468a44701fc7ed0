import InputRules
import NitroxCalculator

extension Logbook {
    /// Adds a cylinder to the register. A name already in the log, even one
    /// that `fill` created, is edited instead, never added twice.
    ///
    /// Each change to the register goes into the audit trail for `actor`:
    /// the account that makes it, or `nil` for the command line.
    ///
    /// `check`, the core's refusals of `changes`, runs inside the
    /// transaction once the cylinder is made, before any fact is set.
    @discardableResult
    public func addCylinder(
        _ name: CylinderName, _ changes: CylinderChanges, actor: String?, checking check: () throws(LogbookError) -> Void = {}
    ) throws(LogbookError) -> Cylinder {
        try perform(writing: true) { database in
            try database.writeTransaction { database in
                if let existing = try cylinder(named: name, in: database) {
                    throw LogbookError(.cylinderExists(existing.name))
                }
                let created = try cylinder(creating: name, in: database)
                try check()
                let cylinder = try apply(changes, to: created, in: database)
                try AuditTrail(database).append("cylinder add", .cylinder, id: cylinder.id, actor: actor, at: clock())
                return cylinder
            }
        }
    }

    /// Changes the register facts that `changes` sets. `check`, the core's
    /// refusals of `changes`, runs inside the transaction once the cylinder
    /// is found, before any fact is set.
    @discardableResult
    public func editCylinder(
        _ name: CylinderName, _ changes: CylinderChanges, actor: String?, checking check: () throws(LogbookError) -> Void = {}
    ) throws(LogbookError) -> Cylinder {
        guard !changes.isEmpty else {
            throw LogbookError(.nothingToChange)
        }
        return try perform(writing: true) { database in
            try database.writeTransaction { database in
                let existing = try existingCylinder(name, in: database)
                try check()
                let cylinder = try apply(changes, to: existing, in: database)
                try AuditTrail(database).append("cylinder edit", .cylinder, id: cylinder.id, actor: actor, at: clock())
                return cylinder
            }
        }
    }

    /// Retires a cylinder: it can no longer be filled, and it and its fills stay.
    @discardableResult
    public func retireCylinder(_ name: CylinderName, reason: String, actor: String?) throws(LogbookError) -> Cylinder {
        try perform(writing: true) { database in
            try database.writeTransaction { database in
                let cylinder = try existingCylinder(name, in: database)
                if let retiredAt = cylinder.retiredAt {
                    throw LogbookError(.alreadyRetired(cylinder.name, at: retiredAt))
                }
                let now = clock().iso8601
                try database.prepare("UPDATE cylinders SET retired_at = :retired_at, retired_reason = :reason WHERE id = :id")
                    .execute(["retired_at": .text(now), "reason": .text(reason), "id": .integer(cylinder.id)])
                try record(.retired, of: cylinder, at: now, reason: reason, in: database)
                try AuditTrail(database).append("cylinder retire", .cylinder, id: cylinder.id, actor: actor, at: clock())
                return try existingCylinder(name, in: database)
            }
        }
    }

    /// Puts a retired cylinder back in service. Its retirement stays in its
    /// history, with this reinstatement after it.
    @discardableResult
    public func reinstateCylinder(_ name: CylinderName, reason: String, actor: String?) throws(LogbookError) -> Cylinder {
        try perform(writing: true) { database in
            try database.writeTransaction { database in
                let cylinder = try existingCylinder(name, in: database)
                guard cylinder.isRetired else {
                    throw LogbookError(.notRetired(cylinder.name))
                }
                let now = clock().iso8601
                try database.prepare("UPDATE cylinders SET retired_at = NULL, retired_reason = NULL WHERE id = :id")
                    .execute(["id": .integer(cylinder.id)])
                try record(.reinstated, of: cylinder, at: now, reason: reason, in: database)
                try AuditTrail(database).append("cylinder reinstate", .cylinder, id: cylinder.id, actor: actor, at: clock())
                return try existingCylinder(name, in: database)
            }
        }
    }

    /// Gives a cylinder a new name. Its fills follow, since they belong to the
    /// cylinder; the old name stays in its history. A change of case or of
    /// how an accent is typed is a rename too.
    @discardableResult
    public func renameCylinder(_ name: CylinderName, to newName: CylinderName, actor: String?) throws(LogbookError) -> Cylinder {
        try perform(writing: true) { database in
            try database.writeTransaction { database in
                let cylinder = try existingCylinder(name, in: database)
                if let other = try self.cylinder(named: newName, in: database), other.id != cylinder.id {
                    throw LogbookError(.nameTaken(other.name))
                }
                guard newName.text != cylinder.name else {
                    throw LogbookError(.sameName(cylinder.name))
                }
                try Logbook.checkNotConfusable(newName.text, key: newName.key, in: .cylinders(excluding: cylinder.id), database: database)
                try newName.checkNewName()
                let now = clock().iso8601
                try database.prepare("UPDATE cylinders SET name = :name, name_key = :name_key WHERE id = :id")
                    .execute(["name": .text(newName.text), "name_key": .text(newName.key), "id": .integer(cylinder.id)])
                try record(.renamed, of: cylinder, at: now, oldName: cylinder.name, newName: newName.text, in: database)
                try AuditTrail(database).append("cylinder rename", .cylinder, id: cylinder.id, actor: actor, at: clock())
                return try existingCylinder(newName, in: database)
            }
        }
    }

    /// A cylinder's renames, retirements and reinstatements, oldest first.
    public func history(of name: CylinderName) throws(LogbookError) -> [CylinderEvent] {
        try perform(writing: false) { database in
            try database.readTransaction {
                let cylinder = try existingCylinder(name, in: database)
                let statement = try database.prepare(CylinderEvent.selection + " WHERE cylinder_id = :cylinder_id ORDER BY id")
                try statement.bind(["cylinder_id": .integer(cylinder.id)])
                var events: [CylinderEvent] = []
                while try statement.step() {
                    if let event = try CylinderEvent(row: statement) { events.append(event) }
                }
                return events
            }
        }
    }

    /// Adds an event to a cylinder's history: a rename with both names, a
    /// retirement or reinstatement with its reason.
    private func record(
        _ kind: CylinderEvent.Kind, of cylinder: Cylinder, at time: String, reason: String? = nil,
        oldName: String? = nil, newName: String? = nil, in database: Database
    ) throws {
        try database.prepare(
            """
            INSERT INTO cylinder_events (cylinder_id, at, kind, old_name, new_name, reason)
            VALUES (:cylinder_id, :at, :kind, :old_name, :new_name, :reason)
            """
        ).execute([
            "cylinder_id": .integer(cylinder.id), "at": .text(time), "kind": .text(kind.rawValue),
            "old_name": DatabaseValue(oldName), "new_name": DatabaseValue(newName), "reason": DatabaseValue(reason),
        ])
    }

    /// Cylinders in service whose names are close to `name`, nearest first:
    /// what a person who typed `name` probably meant. Names more than a
    /// third of their length (at least 2) edits away are not offered.
    func similarNames(to name: CylinderName, in database: Database) throws -> [(distance: Int, name: String)] {
        let key = Array(name.key)
        var candidates: [(distance: Int, name: String)] = []
        for cylinder in try allCylinders(in: database) where !cylinder.isRetired {
            let distance = editDistance(key, Array(UnicodeRules.fold(cylinder.name)))
            if distance <= max(2, key.count / 3) { candidates.append((distance, cylinder.name)) }
        }
        return Array(candidates.sorted { ($0.distance, $0.name) < ($1.distance, $1.name) }.prefix(3))
    }

    /// The cylinders in service, other than `name`'s own, one edit from
    /// `name`: those a fill that adds `name` warns of (`similar_name`).
    public func cylindersOneEditFrom(_ name: CylinderName) throws(LogbookError) -> [String] {
        try perform(writing: false) { database in
            try similarNames(to: name, in: database).filter { $0.distance == 1 }.map(\.name)
        }
    }

    /// The cylinder a fill fills: the one the name means, by its current
    /// name or an earlier one. A name no cylinder has or had adds it, unless
    /// the fill-creates-cylinders setting is no; either way the registered
    /// names close to it are returned, since it is most likely a typo. A
    /// cylinder added here goes into the audit trail for `actor`.
    func cylinderToFill(
        _ name: CylinderName, settings: LogbookSettings, trail: AuditTrail, actor: String?,
        in database: Database
    ) throws -> (cylinder: CylinderResolution, lookalikes: [String]) {
        if let existing = try resolve(name, in: database) { return (existing, []) }
        let similar = try similarNames(to: name, in: database)
        guard settings.fillCreatesCylinders else {
            // Only the nearest are suggested: "Club 01" for "Club 011", not also "Club 1".
            let nearest = similar.filter { $0.distance == similar.first?.distance }.map(\.name)
            throw LogbookError(.unregisteredCylinder(name.text, suggestions: nearest))
        }
        let oneEdit = similar.filter { $0.distance == 1 }.map(\.name)
        let cylinder = try cylinder(creating: name, in: database)
        try trail.append("cylinder add", .cylinder, id: cylinder.id, actor: actor, at: clock())
        return (CylinderResolution(cylinder: cylinder, askedBy: name, earlierName: nil), oneEdit)
    }

    /// The registered cylinder `name` names: by its current name, or an
    /// earlier one, as ``resolveCylinder(_:)`` finds it.
    public func cylinder(_ name: CylinderName) throws(LogbookError) -> Cylinder {
        try perform(writing: false) { database in try existingCylinder(name, in: database) }
    }

    /// Every cylinder, retired ones included, in name order.
    public func cylinders() throws(LogbookError) -> [Cylinder] {
        try perform(writing: false) { database in try allCylinders(in: database) }
    }

    /// An inspection that is overdue, or falls due within a window.
    public struct DueInspection: Sendable, Equatable {
        /// Which inspection.
        public enum Kind: String, Sendable {
            case hydro, visual

            /// `hydrostatic test` or `visual inspection`.
            public var inspectionName: String {
                switch self {
                case .hydro: "hydrostatic test"
                case .visual: "visual inspection"
                }
            }
        }

        /// The cylinder's name.
        public let cylinder: String
        /// Which inspection.
        public let kind: Kind
        /// When it was last done.
        public let last: CivilDate
        /// The last day the inspection is valid.
        public let due: CivilDate
        /// Days from `today` to `due`; negative when overdue.
        public let daysLeft: Int
    }

    /// Inspections of cylinders in service that are overdue or fall due
    /// within `days` of today, by the logbook's clock, soonest first.
    public func dueInspections(within days: Int) throws(LogbookError) -> [DueInspection] {
        let settings = try settings()
        let today = clock().localDate
        var due: [DueInspection] = []
        for cylinder in try cylinders() where !cylinder.isRetired {
            for (kind, last, end) in [
                (DueInspection.Kind.hydro, cylinder.hydroDate, cylinder.hydroDue(settings)),
                (.visual, cylinder.visualDate, cylinder.visualDue(settings)),
            ] {
                guard let last, let end, today.days(until: end) <= days else { continue }
                due.append(DueInspection(cylinder: cylinder.name, kind: kind, last: last, due: end, daysLeft: today.days(until: end)))
            }
        }
        return due.sorted { ($0.due, $0.cylinder.lowercased(), $0.kind.rawValue) < ($1.due, $1.cylinder.lowercased(), $1.kind.rawValue) }
    }

    /// The cylinder `name` means, by its current name or an earlier one.
    private func existingCylinder(_ name: CylinderName, in database: Database) throws -> Cylinder {
        guard let resolution = try resolve(name, in: database) else {
            throw LogbookError(.unknownCylinder(name.text))
        }
        return resolution.cylinder
    }

    private func apply(_ changes: CylinderChanges, to cylinder: Cylinder, in database: Database) throws -> Cylinder {
        let keptPressure = changes.clearing.contains(.workingPressure) ? nil : cylinder.workingPressure
        let workingPressure = changes.workingPressure ?? keptPressure
        var volume: CylinderVolume?
        switch changes.volume {
        case .litres(let litres)?:
            volume = CylinderVolume(litres: litres)
        case .cubicFeet(let cubicFeet)?:
            // Cubic feet are gas at working pressure, so they need it to convert.
            guard let workingPressure else {
                throw LogbookError(.volumeNeedsWorkingPressure)
            }
            volume = CylinderVolume(cubicFeet: cubicFeet, workingPressure: workingPressure)
        case nil:
            volume = nil
        }
        // COALESCE keeps each fact that the changes leave out; a cleared fact
        // becomes NULL. Column names come from CylinderField, never input.
        let newValues: [(CylinderField, DatabaseValue)] = [
            (.serial, DatabaseValue(changes.serial)), (.owner, DatabaseValue(changes.owner)),
            (.volume, DatabaseValue(volume?.centilitres)), (.workingPressure, DatabaseValue(changes.workingPressure?.centibar)),
            (.hydro, DatabaseValue(changes.hydroDate?.iso8601)), (.visual, DatabaseValue(changes.visualDate?.iso8601)),
            (.o2Clean, DatabaseValue(changes.isOxygenClean.map { $0 ? 1 : 0 })), (.note, DatabaseValue(changes.note)),
        ]
        var assignments: [String] = []
        var values: [String: DatabaseValue] = ["id": .integer(cylinder.id)]
        for (field, value) in newValues {
            if changes.clearing.contains(field) {
                assignments.append("\(field.column) = NULL")
            } else {
                assignments.append("\(field.column) = coalesce(:\(field.column), \(field.column))")
                values[field.column] = value
            }
        }
        try database.prepare("UPDATE cylinders SET " + assignments.joined(separator: ", ") + " WHERE id = :id")
            .execute(values)
        return try existingCylinder(CylinderName(parsing: cylinder.name), in: database)
    }
}
