import NitroxCalculator

/// A cylinder in the register, with what the register knows about it.
public struct Cylinder: Sendable, Equatable {
    /// The cylinder's row id in the register.
    public let id: Int
    /// The name as first written.
    public let name: String
    /// The serial number stamped on the cylinder.
    public let serial: String?
    /// Who owns the cylinder.
    public let owner: String?
    /// The water capacity, when the register knows it.
    public let volume: CylinderVolume?
    /// The pressure the cylinder is rated to be filled to, when the register knows it.
    public let workingPressure: Pressure?
    /// The last hydrostatic test.
    public let hydroDate: CivilDate?
    /// The last visual inspection.
    public let visualDate: CivilDate?
    /// `nil` when the register does not know.
    public let isOxygenClean: Bool?
    /// A free-text note about the cylinder.
    public let note: String?
    /// When the cylinder was retired; `nil` while it is in service.
    public let retiredAt: Timestamp?
    /// Why it was retired.
    public let retiredReason: String?

    /// Whether the cylinder has been retired from service.
    public var isRetired: Bool { retiredAt != nil }

    /// The last day the hydrostatic test is valid.
    public func hydroDue(_ settings: LogbookSettings) -> CivilDate? {
        hydroDate?.adding(months: settings.hydroIntervalMonths)
    }

    /// The last day the visual inspection is valid.
    public func visualDue(_ settings: LogbookSettings) -> CivilDate? {
        visualDate?.adding(months: settings.visualIntervalMonths)
    }

    /// Whether the hydrostatic test expired before `today`.
    public func isHydroOverdue(_ settings: LogbookSettings, today: CivilDate) -> Bool {
        hydroDue(settings).map { today > $0 } ?? false
    }

    /// Whether the visual inspection expired before `today`.
    public func isVisualOverdue(_ settings: LogbookSettings, today: CivilDate) -> Bool {
        visualDue(settings).map { today > $0 } ?? false
    }

    /// The columns ``init(row:)`` reads, by name.
    static let selection = """
        SELECT id, name, serial, owner, water_volume_cl, working_pressure_centibar, hydro_date, visual_date,
               o2_clean, note, retired_at, retired_reason
        FROM cylinders
        """

    /// One cylinder by its name's key, built once so that its kept statement is found at once.
    static let selectionByName = selection + " WHERE name_key = :name_key"

    /// Reads the current row of a statement that starts with ``selection``.
    init(row: Statement) throws(LogbookError) {
        id = row.integer("id")
        name = row.text("name")
        serial = row.optionalText("serial")
        owner = row.optionalText("owner")
        volume = row.optionalInteger("water_volume_cl").map(CylinderVolume.init(centilitres:))
        workingPressure = row.optionalInteger("working_pressure_centibar").map(Pressure.init(centibar:))
        hydroDate = row.optionalText("hydro_date").flatMap { try? CivilDate(parsing: $0) }
        visualDate = row.optionalText("visual_date").flatMap { try? CivilDate(parsing: $0) }
        isOxygenClean = row.optionalInteger("o2_clean").map { $0 == 1 }
        note = row.optionalText("note")
        // A retirement that cannot be read must not put the cylinder back in service.
        if let retired = row.optionalText("retired_at") {
            guard let retiredAt = try? Timestamp(parsing: retired) else {
                throw LogbookError(.databaseUnusable(.storedRow(.cylinderRetirementTime(cylinder: name, time: retired))))
            }
            self.retiredAt = retiredAt
        } else {
            retiredAt = nil
        }
        retiredReason = row.optionalText("retired_reason")
    }
}

/// The register facts that `cylinder add` or `cylinder edit` sets; `nil`
/// leaves a fact as it is.
public struct CylinderChanges: Sendable, Equatable {
    /// A new serial number.
    public var serial: String?
    /// A new owner.
    public var owner: String?
    /// A new size, in litres or cubic feet as it was given.
    public var volume: CylinderVolume.Entry?
    /// A new working pressure.
    public var workingPressure: Pressure?
    /// The date of a new hydrostatic test.
    public var hydroDate: CivilDate?
    /// The date of a new visual inspection.
    public var visualDate: CivilDate?
    /// Whether the cylinder is now oxygen-clean.
    public var isOxygenClean: Bool?
    /// A new note.
    public var note: String?
    /// Facts to empty.
    public var clearing: Set<CylinderField>

    /// Changes to the facts given; every fact left out stays as it is.
    public init(
        serial: String? = nil, owner: String? = nil, volume: CylinderVolume.Entry? = nil,
        workingPressure: Pressure? = nil, hydroDate: CivilDate? = nil, visualDate: CivilDate? = nil,
        isOxygenClean: Bool? = nil, note: String? = nil, clearing: Set<CylinderField> = []
    ) {
        self.serial = serial
        self.owner = owner
        self.volume = volume
        self.workingPressure = workingPressure
        self.hydroDate = hydroDate
        self.visualDate = visualDate
        self.isOxygenClean = isOxygenClean
        self.note = note
        self.clearing = clearing
    }

    /// Whether the changes neither set nor clear anything.
    public var isEmpty: Bool { self == CylinderChanges() }
}
