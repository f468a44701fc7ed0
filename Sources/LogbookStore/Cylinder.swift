import NitroxCalculator

/// A cylinder in the register, with what the register knows about it.
public struct Cylinder: Sendable, Equatable {
    public let id: Int
    /// The name as first written.
    public let name: String
    public let serial: String?
    public let owner: String?
    public let volume: CylinderVolume?
    public let workingPressure: Pressure?
    /// The last hydrostatic test.
    public let hydroDate: CivilDate?
    /// The last visual inspection.
    public let visualDate: CivilDate?
    /// `nil` when the register does not know.
    public let isOxygenClean: Bool?
    public let note: String?
    public let retiredAt: String?
    public let retiredReason: String?

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

    static let selection = """
        SELECT id, name, serial, owner, water_volume_cl, working_pressure_centibar, hydro_date, visual_date,
               o2_clean, note, retired_at, retired_reason
        FROM cylinders
        """

    init(row: Statement) {
        id = row.integer(0)
        name = row.text(1)
        serial = row.optionalText(2)
        owner = row.optionalText(3)
        volume = row.optionalInteger(4).map(CylinderVolume.init(centilitres:))
        workingPressure = row.optionalInteger(5).map(Pressure.init(centibar:))
        hydroDate = row.optionalText(6).flatMap { try? CivilDate(parsing: $0) }
        visualDate = row.optionalText(7).flatMap { try? CivilDate(parsing: $0) }
        isOxygenClean = row.optionalInteger(8).map { $0 == 1 }
        note = row.optionalText(9)
        retiredAt = row.optionalText(10)
        retiredReason = row.optionalText(11)
    }
}

/// The register facts that `cylinder add` or `cylinder edit` sets; `nil`
/// leaves a fact as it is.
public struct CylinderChanges: Sendable, Equatable {
    public var serial: String?
    public var owner: String?
    public var volume: CylinderVolume.Entry?
    public var workingPressure: Pressure?
    public var hydroDate: CivilDate?
    public var visualDate: CivilDate?
    public var isOxygenClean: Bool?
    public var note: String?
    /// Facts to empty.
    public var clearing: Set<CylinderField>

    public init(serial: String? = nil, owner: String? = nil, volume: CylinderVolume.Entry? = nil,
                workingPressure: Pressure? = nil, hydroDate: CivilDate? = nil, visualDate: CivilDate? = nil,
                isOxygenClean: Bool? = nil, note: String? = nil, clearing: Set<CylinderField> = []) {
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

    public var isEmpty: Bool { self == CylinderChanges() }
}
