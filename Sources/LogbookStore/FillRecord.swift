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
    /// The pressure and gas before the fill and the top-off, when the fill gave its start.
    public let start: FillStart?
    /// The member who pays, given or defaulted to the diver; `nil` when there is none.
    public let billTo: String?
    /// The compressor that made its air, if the fill names one.
    public let compressor: String?

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
    /// from the leaner reading; ``checkStoredDepth()`` checks the stored one.
    public func mod(in unit: UnitSystem) -> Int {
        MaximumOperatingDepth(mix: referenceMix, partialPressure: partialPressure, rounding: rounding).depth(in: unit)
    }

    /// Checks the stored MOD against what the gas its label came from
    /// (`label_o2`, `label_he`), its ppO₂ and its rounding rule give,
    /// exactly. A fill labelled from the leaner reading passes: its stored
    /// depth matches its own label.
    ///
    /// - Throws: ``LogbookError/Reason/storedDepthMismatch(fill:)`` when the
    ///   stored `mod_m` or `mod_ft` disagrees: only a change made outside
    ///   gaslog can do that.
    public func checkStoredDepth() throws(LogbookError) {
        let stored = MaximumOperatingDepth(mix: labelMix, partialPressure: partialPressure, rounding: rounding)
        guard stored.metres == modMetres, stored.feet == modFeet else {
            throw LogbookError(.storedDepthMismatch(fill: id))
        }
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
               f.recorded_by AS recorded_by, v.voided_by AS voided_by, f.start_centibar AS start_centibar,
               f.start_o2_permille AS start_o2_permille, f.start_he_permille AS start_he_permille,
               f.top_off_o2_permille AS top_off_o2_permille, f.bill_to AS bill_to, k.name AS compressor
        FROM fills AS f
        LEFT JOIN cylinders AS c ON c.id = f.cylinder_id
        LEFT JOIN compressors AS k ON k.id = f.compressor_id
        LEFT JOIN voids AS v ON v.fill_id = f.id
        """

    /// One fill by its id, built once so that its kept statement is found at once.
    static let selectionByID = selection + " WHERE f.id = :id"

    /// The positions of ``selection``'s columns in a statement, found by
    /// name once per statement, not once per row: an export reads a million.
    struct Columns {
        let id, cylinder, filledAt, o2, ppo2, label, modMetres, modFeet, pressure, blender, diver, cert: Int32
        let diverO2, note, voidReason, overrideReason, rounding, labelO2, helium, diverHelium, labelHelium: Int32
        let recordedBy, voidedBy, startPressure, startO2, startHelium, topOffO2, billTo, compressor: Int32

        init(_ statement: Statement) {
            id = statement.column("id")
            cylinder = statement.column("cylinder")
            filledAt = statement.column("filled_at")
            o2 = statement.column("o2_permille")
            ppo2 = statement.column("ppo2_centibar")
            label = statement.column("label")
            modMetres = statement.column("mod_m")
            modFeet = statement.column("mod_ft")
            pressure = statement.column("pressure_centibar")
            blender = statement.column("blender")
            diver = statement.column("diver")
            cert = statement.column("cert")
            diverO2 = statement.column("diver_o2_permille")
            note = statement.column("note")
            voidReason = statement.column("void_reason")
            overrideReason = statement.column("override_reason")
            rounding = statement.column("rounding")
            labelO2 = statement.column("label_o2_permille")
            helium = statement.column("he_permille")
            diverHelium = statement.column("diver_he_permille")
            labelHelium = statement.column("label_he_permille")
            recordedBy = statement.column("recorded_by")
            voidedBy = statement.column("voided_by")
            startPressure = statement.column("start_centibar")
            startO2 = statement.column("start_o2_permille")
            startHelium = statement.column("start_he_permille")
            topOffO2 = statement.column("top_off_o2_permille")
            billTo = statement.column("bill_to")
            compressor = statement.column("compressor")
        }
    }

    /// Reads the current row of a statement that starts with ``selection``.
    init(row: Statement) throws(LogbookError) {
        try self.init(row: row, columns: Columns(row))
    }

    /// Reads the current row of a statement that starts with ``selection``,
    /// whose columns are at `columns`.
    init(row: Statement, columns: Columns) throws(LogbookError) {
        let id = row.integer(columns.id)
        let helium = row.integer(columns.helium)
        let diverHelium = row.optionalInteger(columns.diverHelium)
        let labelOxygen = row.optionalInteger(columns.labelO2) ?? row.integer(columns.o2)
        let diverOxygen = row.optionalInteger(columns.diverO2)
        let diverMix = diverOxygen.flatMap { GasMix(oxygenPermille: $0, heliumPermille: diverHelium ?? helium) }
        guard let mix = GasMix(oxygenPermille: row.integer(columns.o2), heliumPermille: helium),
            diverOxygen == nil || diverMix != nil,
            let labelMix = GasMix(oxygenPermille: labelOxygen, heliumPermille: row.integer(columns.labelHelium)),
            let partialPressure = OxygenPartialPressure(centibar: row.integer(columns.ppo2)),
            let filledAt = try? Timestamp(parsing: row.text(columns.filledAt))
        else {
            throw LogbookError(.databaseUnusable(.storedRow(.fillValues(fill: id))))
        }
        guard let cylinder = row.optionalText(columns.cylinder) else {
            throw LogbookError.fillsWithoutCylinder([id])
        }
        self.id = id
        self.cylinder = cylinder
        self.filledAt = filledAt
        self.mix = mix
        self.partialPressure = partialPressure
        label = row.text(columns.label)
        modMetres = row.integer(columns.modMetres)
        modFeet = row.integer(columns.modFeet)
        pressure = row.optionalInteger(columns.pressure).map(Pressure.init(centibar:))
        blender = row.optionalText(columns.blender)
        diver = row.optionalText(columns.diver)
        cert = row.optionalText(columns.cert)
        self.diverMix = diverMix
        diverHeliumPermille = diverHelium
        note = row.optionalText(columns.note)
        voidReason = row.optionalText(columns.voidReason)
        overrideReason = row.optionalText(columns.overrideReason)
        rounding = DepthRounding(rawValue: row.text(columns.rounding)) ?? .nearest
        self.labelMix = labelMix
        recordedBy = row.optionalText(columns.recordedBy)
        voidedBy = row.optionalText(columns.voidedBy)
        if let pressure = row.optionalInteger(columns.startPressure), let topOff = row.optionalInteger(columns.topOffO2) {
            guard let mix = GasMix(oxygenPermille: row.integer(columns.startO2), heliumPermille: row.integer(columns.startHelium)) else {
                throw LogbookError(.databaseUnusable(.storedRow(.fillStartGas(fill: id))))
            }
            start = FillStart(pressure: Pressure(centibar: pressure), mix: mix, topOffOxygenPermille: topOff)
        } else {
            start = nil
        }
        billTo = row.optionalText(columns.billTo)
        compressor = row.optionalText(columns.compressor)
    }
}
