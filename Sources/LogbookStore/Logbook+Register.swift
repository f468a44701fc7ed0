import NitroxCalculator

extension Logbook {
    /// Adds a cylinder to the register. A name already in the log, even one
    /// that `fill` created, is edited instead, never added twice.
    @discardableResult
    public func addCylinder(_ name: CylinderName, _ changes: CylinderChanges) throws(LogbookError) -> Cylinder {
        try perform(writing: true) { database in
            try database.writeTransaction {
                if let existing = try cylinder(named: name, in: database) {
                    throw LogbookError(.refused, "cylinder \(quoted(existing.name)) is already in the log; change it with 'gaslog cylinder edit'")
                }
                let cylinder = try cylinder(creating: name, in: database)
                return try apply(changes, to: cylinder, in: database)
            }
        }
    }

    /// Changes the register facts that `changes` sets.
    @discardableResult
    public func editCylinder(_ name: CylinderName, _ changes: CylinderChanges) throws(LogbookError) -> Cylinder {
        guard !changes.isEmpty else {
            throw LogbookError(.invalidInput, "nothing to change: give at least one of the cylinder's options")
        }
        return try perform(writing: true) { database in
            try database.writeTransaction {
                try apply(changes, to: try existingCylinder(name, in: database), in: database)
            }
        }
    }

    /// Retires a cylinder: it can no longer be filled, and it and its fills stay.
    @discardableResult
    public func retireCylinder(_ name: CylinderName, reason: String) throws(LogbookError) -> Cylinder {
        try perform(writing: true) { database in
            try database.writeTransaction {
                let cylinder = try existingCylinder(name, in: database)
                if let retiredAt = cylinder.retiredAt {
                    throw LogbookError(.refused, "cylinder \(quoted(cylinder.name)) was already retired on \(retiredAt.prefix(10))")
                }
                try database.prepare("UPDATE cylinders SET retired_at = ?, retired_reason = ? WHERE id = ?")
                    .execute([.text(clock().iso8601), .text(reason), .integer(cylinder.id)])
                return try existingCylinder(name, in: database)
            }
        }
    }

    public func cylinder(_ name: CylinderName) throws(LogbookError) -> Cylinder {
        try perform(writing: false) { database in try existingCylinder(name, in: database) }
    }

    /// Every cylinder, retired ones included, in name order.
    public func cylinders() throws(LogbookError) -> [Cylinder] {
        try perform(writing: false) { database in try allCylinders(in: database) }
    }

    /// An inspection that is overdue, or falls due within a window.
    public struct DueInspection: Sendable, Equatable {
        public enum Kind: String, Sendable { case hydro, visual }
        public let cylinder: String
        public let kind: Kind
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
        let today = clock().date
        var due: [DueInspection] = []
        for cylinder in try cylinders() where !cylinder.isRetired {
            for (kind, last, end) in [(DueInspection.Kind.hydro, cylinder.hydroDate, cylinder.hydroDue(settings)),
                                      (.visual, cylinder.visualDate, cylinder.visualDue(settings))] {
                guard let last, let end, today.days(until: end) <= days else { continue }
                due.append(DueInspection(cylinder: cylinder.name, kind: kind, last: last, due: end, daysLeft: today.days(until: end)))
            }
        }
        return due.sorted { ($0.due, $0.cylinder.lowercased(), $0.kind.rawValue) < ($1.due, $1.cylinder.lowercased(), $1.kind.rawValue) }
    }

    private func existingCylinder(_ name: CylinderName, in database: Database) throws -> Cylinder {
        guard let cylinder = try cylinder(named: name, in: database) else {
            throw LogbookError(.refused, "unknown cylinder \(quoted(name.text)); 'gaslog cylinder list' shows the register")
        }
        return cylinder
    }

    private func apply(_ changes: CylinderChanges, to cylinder: Cylinder, in database: Database) throws -> Cylinder {
        let today = clock().date
        for (what, date) in [("hydrostatic test", changes.hydroDate), ("visual inspection", changes.visualDate)] {
            if let date, date > today {
                throw LogbookError(.invalidInput, "the \(what) date \(date.iso8601) is in the future")
            }
        }
        let workingPressure = changes.workingPressure ?? cylinder.workingPressure
        var volume: CylinderVolume?
        switch changes.volume {
        case .litres(let litres)?:
            volume = CylinderVolume(litres: litres)
        case .cubicFeet(let cubicFeet)?:
            // Cubic feet are gas at working pressure, so they need it to convert.
            guard let workingPressure else {
                throw LogbookError(.invalidInput,
                    "a volume in cubic feet is the gas held at working pressure: give --working-pressure too, or the volume in litres")
            }
            volume = CylinderVolume(cubicFeet: cubicFeet, workingPressure: workingPressure)
        case nil:
            volume = nil
        }
        // COALESCE keeps each fact that the changes leave out.
        try database.prepare("""
            UPDATE cylinders SET
                serial = coalesce(?, serial), owner = coalesce(?, owner),
                water_volume_cl = coalesce(?, water_volume_cl),
                working_pressure_centibar = coalesce(?, working_pressure_centibar),
                hydro_date = coalesce(?, hydro_date), visual_date = coalesce(?, visual_date),
                o2_clean = coalesce(?, o2_clean), note = coalesce(?, note)
            WHERE id = ?
            """).execute([
                DatabaseValue(changes.serial), DatabaseValue(changes.owner), DatabaseValue(volume?.centilitres),
                DatabaseValue(changes.workingPressure?.centibar), DatabaseValue(changes.hydroDate?.iso8601),
                DatabaseValue(changes.visualDate?.iso8601), DatabaseValue(changes.isOxygenClean.map { $0 ? 1 : 0 }),
                DatabaseValue(changes.note), .integer(cylinder.id),
            ])
        return try existingCylinder(CylinderName(parsing: cylinder.name), in: database)
    }
}
