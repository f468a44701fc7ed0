import NitroxCalculator

/// One row of the fill log, as stored.
public struct FillRecord: Sendable, Equatable {
    public let id: Int
    /// The cylinder's name as first written.
    public let cylinder: String
    public let filledAt: String
    /// The blender's O2 reading, as entered.
    public let mix: GasMix
    public let partialPressure: OxygenPartialPressure
    public let label: String
    /// The MOD as the calculator computed it when the fill was recorded.
    public let modMetres: Int
    public let modFeet: Int
    public let pressure: Pressure?
    public let blender: String?
    public let diver: String?
    public let cert: String?
    /// The diver's O2 reading, as entered.
    public let diverMix: GasMix?
    public let note: String?
    /// Set when the fill was voided; a void fill is never the current gas.
    public let voidReason: String?
    /// Why the fill was recorded although a fill-station check refused it.
    public let overrideReason: String?
    /// The rule the stored MOD was rounded under.
    public let rounding: DepthRounding
    /// The reading the stored label and MOD were computed from. Fills recorded
    /// before schema 4 used the blender's reading whatever the diver read.
    public let labelMix: GasMix

    public var isVoid: Bool { voidReason != nil }

    /// The richer of the two readings: the gas that a MOD must assume, since
    /// more oxygen means a shallower limit.
    public var referenceMix: GasMix { FillRequest.richer(mix, diverMix) }

    /// Whether the stored label and MOD come from a leaner reading than the
    /// diver's, so that the tag promises more depth than the gas allows. Only
    /// fills recorded under the old rule can be so.
    public var tagUnderstatesOxygen: Bool { referenceMix > labelMix }

    /// The fill's MOD in `unit`, from the richer reading. It is the one
    /// stored with the fill, which went on the tag, unless another ppO₂ limit
    /// or rounding rule is asked for, or the tag came from the leaner reading;
    /// then the calculator computes it afresh.
    public func mod(in unit: UnitSystem, at limit: OxygenPartialPressure? = nil, rounding: DepthRounding? = nil) -> Int {
        let limit = limit ?? partialPressure, rounding = rounding ?? self.rounding
        guard limit == partialPressure, rounding == self.rounding, !tagUnderstatesOxygen else {
            return MaximumOperatingDepth(mix: referenceMix, partialPressure: limit, rounding: rounding).depth(in: unit)
        }
        return tagMod(in: unit)
    }

    /// The MOD written on the fill's tag, in `unit`.
    public func tagMod(in unit: UnitSystem) -> Int {
        unit == .metric ? modMetres : modFeet
    }

    /// The columns every query that builds a record selects, in this order.
    /// The cylinder is a left join so that a fill whose cylinder row has gone
    /// is seen, and refused, rather than silently left out.
    static let selection = """
        SELECT f.id, c.name, f.filled_at, f.o2_permille, f.ppo2_centibar, f.label, f.mod_m, f.mod_ft,
               f.pressure_centibar, f.blender, f.diver, f.cert, f.diver_o2_permille, f.note, v.reason,
               f.override_reason, f.rounding, f.label_o2_permille
        FROM fills AS f
        LEFT JOIN cylinders AS c ON c.id = f.cylinder_id
        LEFT JOIN voids AS v ON v.fill_id = f.id
        """

    /// Reads the current row of a statement that starts with ``selection``.
    init(row: Statement) throws(LogbookError) {
        guard let mix = GasMix(oxygenPermille: row.integer(3)),
              let partialPressure = OxygenPartialPressure(centibar: row.integer(4))
        else {
            throw LogbookError(.databaseUnusable, "fill \(row.integer(0)) holds an O2 or ppO₂ outside gaslog's ranges")
        }
        guard let cylinder = row.optionalText(1) else {
            throw LogbookError.fillsWithoutCylinder([row.integer(0)])
        }
        id = row.integer(0)
        self.cylinder = cylinder
        filledAt = row.text(2)
        self.mix = mix
        self.partialPressure = partialPressure
        label = row.text(5)
        modMetres = row.integer(6)
        modFeet = row.integer(7)
        pressure = row.optionalInteger(8).map(Pressure.init(centibar:))
        blender = row.optionalText(9)
        diver = row.optionalText(10)
        cert = row.optionalText(11)
        diverMix = row.optionalInteger(12).flatMap(GasMix.init(oxygenPermille:))
        note = row.optionalText(13)
        voidReason = row.optionalText(14)
        overrideReason = row.optionalText(15)
        rounding = DepthRounding(rawValue: row.text(16)) ?? .nearest
        labelMix = row.optionalInteger(17).flatMap(GasMix.init(oxygenPermille:)) ?? mix
    }
}
