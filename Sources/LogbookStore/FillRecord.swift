import NitroxCalculator

/// One row of the fill log, as stored.
public struct FillRecord: Sendable, Equatable {
    /// The fill's id in the log.
    public let id: Int
    /// The cylinder's name as first written.
    public let cylinder: String
    /// When the fill happened.
    public let filledAt: Timestamp
    /// The blender's reading, as entered: O2, and helium for a trimix or heliox.
    public let mix: GasMix
    /// The ppO₂ limit the stored MOD was computed at.
    public let partialPressure: OxygenPartialPressure
    /// The gas label written on the tag, such as `EAN 32`.
    public let label: String
    /// The MOD as the calculator computed it when the fill was recorded.
    public let modMetres: Int
    /// The MOD in feet, as computed when the fill was recorded.
    public let modFeet: Int
    /// The fill pressure, when it was given.
    public let pressure: Pressure?
    /// Who blended and analysed the gas.
    public let blender: String?
    /// The diver who analysed the gas and accepted the cylinder.
    public let diver: String?
    /// The diver's nitrox certification number.
    public let cert: String?
    /// The diver's reading: O2 as entered, with the diver's helium reading,
    /// or the blender's when the diver analysed only O2.
    public let diverMix: GasMix?
    /// The diver's helium reading, in tenths of a percent, when the diver analysed helium.
    public let diverHeliumPermille: Int?
    /// A free-text note about the fill.
    public let note: String?
    /// Set when the fill was voided; a void fill is never the current gas.
    public let voidReason: String?
    /// Why the fill was recorded although a fill-station check refused it.
    public let overrideReason: String?
    /// The rule the stored MOD was rounded under.
    public let rounding: DepthRounding
    /// The reference gas the stored label and MOD were computed from. Fills
    /// recorded before schema 4 used the blender's reading whatever the diver read.
    public let labelMix: GasMix
    /// The account that recorded the fill through the service; `nil` for the
    /// command line.
    public let recordedBy: String?
    /// The account that voided the fill through the service; `nil` when the
    /// fill is not void, or was voided by the command line.
    public let voidedBy: String?

    /// Whether the fill was voided.
    public var isVoid: Bool { voidReason != nil }

    /// The reference gas of the two readings, the higher O2 and the lower
    /// helium: the gas that a MOD, END and density must assume.
    public var referenceMix: GasMix { FillRequest.reference(mix, diverMix) }

    /// The reading with the lower O2: a hypoxic mix's minimum depth comes
    /// from it, since less oxygen must be breathed deeper.
    public var leanerMix: GasMix {
        guard let diverMix, diverMix.oxygenPermille < mix.oxygenPermille else { return mix }
        return diverMix
    }

    /// The fill's MOD in `unit`, from the reference gas at the tag's ppO₂
    /// limit and rounding rule. It equals the stored MOD unless the tag came
    /// from the leaner reading; ``shownGas()`` also checks the stored one.
    public func mod(in unit: UnitSystem) -> Int {
        MaximumOperatingDepth(mix: referenceMix, partialPressure: partialPressure, rounding: rounding).depth(in: unit)
    }

    /// The columns every query that builds a record selects, by the names
    /// ``init(row:)`` reads. The cylinder is a left join so that a fill whose
    /// cylinder row has gone is seen, and refused, rather than silently left out.
    static let selection = """
        SELECT f.id AS id, c.name AS cylinder, f.filled_at AS filled_at, f.o2_permille AS o2_permille,
               f.ppo2_centibar AS ppo2_centibar, f.label AS label, f.mod_m AS mod_m, f.mod_ft AS mod_ft,
               f.pressure_centibar AS pressure_centibar, f.blender AS blender, f.diver AS diver, f.cert AS cert,
               f.diver_o2_permille AS diver_o2_permille, f.note AS note, v.reason AS void_reason,
               f.override_reason AS override_reason, f.rounding AS rounding, f.label_o2_permille AS label_o2_permille,
               f.he_permille AS he_permille, f.diver_he_permille AS diver_he_permille, f.label_he_permille AS label_he_permille,
               f.recorded_by AS recorded_by, v.voided_by AS voided_by
        FROM fills AS f
        LEFT JOIN cylinders AS c ON c.id = f.cylinder_id
        LEFT JOIN voids AS v ON v.fill_id = f.id
        """

    /// One fill by its id, built once so that its kept statement is found at once.
    static let selectionByID = selection + " WHERE f.id = :id"

    /// Reads the current row of a statement that starts with ``selection``.
    init(row: Statement) throws(LogbookError) {
        let id = row.integer("id")
        let helium = row.integer("he_permille")
        let diverHelium = row.optionalInteger("diver_he_permille")
        let labelOxygen = row.optionalInteger("label_o2_permille") ?? row.integer("o2_permille")
        let diverOxygen = row.optionalInteger("diver_o2_permille")
        let diverMix = diverOxygen.flatMap { GasMix(oxygenPermille: $0, heliumPermille: diverHelium ?? helium) }
        guard let mix = GasMix(oxygenPermille: row.integer("o2_permille"), heliumPermille: helium),
            diverOxygen == nil || diverMix != nil,
            let labelMix = GasMix(oxygenPermille: labelOxygen, heliumPermille: row.integer("label_he_permille")),
            let partialPressure = OxygenPartialPressure(centibar: row.integer("ppo2_centibar")),
            let filledAt = try? Timestamp(parsing: row.text("filled_at"))
        else {
            throw LogbookError(.databaseUnusable("fill \(id) holds a gas, ppO₂ or time outside gaslog's ranges"))
        }
        guard let cylinder = row.optionalText("cylinder") else {
            throw LogbookError.fillsWithoutCylinder([id])
        }
        self.id = id
        self.cylinder = cylinder
        self.filledAt = filledAt
        self.mix = mix
        self.partialPressure = partialPressure
        label = row.text("label")
        modMetres = row.integer("mod_m")
        modFeet = row.integer("mod_ft")
        pressure = row.optionalInteger("pressure_centibar").map(Pressure.init(centibar:))
        blender = row.optionalText("blender")
        diver = row.optionalText("diver")
        cert = row.optionalText("cert")
        self.diverMix = diverMix
        diverHeliumPermille = diverHelium
        note = row.optionalText("note")
        voidReason = row.optionalText("void_reason")
        overrideReason = row.optionalText("override_reason")
        rounding = DepthRounding(rawValue: row.text("rounding")) ?? .nearest
        self.labelMix = labelMix
        recordedBy = row.optionalText("recorded_by")
        voidedBy = row.optionalText("voided_by")
    }
}
