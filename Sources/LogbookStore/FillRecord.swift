import NitroxCalculator

/// One row of the fill log, as stored.
public struct FillRecord: Sendable, Equatable {
    public let id: Int
    /// The cylinder's name as first written.
    public let cylinder: String
    public let filledAt: String
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
    public let diverMix: GasMix?
    public let note: String?
    /// Set when the fill was voided; a void fill is never the current gas.
    public let voidReason: String?
    /// Why the fill was recorded although a fill-station check refused it.
    public let overrideReason: String?
    /// The rule the stored MOD was rounded under.
    public let rounding: DepthRounding

    public var isVoid: Bool { voidReason != nil }

    /// The fill's MOD in `unit`: the one stored with it, which went on the
    /// tag, unless another ppO₂ limit or rounding rule is asked for; then the
    /// calculator computes it afresh.
    public func mod(in unit: UnitSystem, at limit: OxygenPartialPressure? = nil, rounding: DepthRounding? = nil) -> Int {
        let limit = limit ?? partialPressure, rounding = rounding ?? self.rounding
        guard limit == partialPressure, rounding == self.rounding else {
            return MaximumOperatingDepth(mix: mix, partialPressure: limit, rounding: rounding).depth(in: unit)
        }
        return unit == .metric ? modMetres : modFeet
    }

    /// The columns every query that builds a record selects, in this order.
    static let selection = """
        SELECT f.id, c.name, f.filled_at, f.o2_permille, f.ppo2_centibar, f.label, f.mod_m, f.mod_ft,
               f.pressure_centibar, f.blender, f.diver, f.cert, f.diver_o2_permille, f.note, v.reason,
               f.override_reason, f.rounding
        FROM fills AS f
        JOIN cylinders AS c ON c.id = f.cylinder_id
        LEFT JOIN voids AS v ON v.fill_id = f.id
        """

    /// Reads the current row of a statement that starts with ``selection``.
    init(row: Statement) throws(LogbookError) {
        guard let mix = GasMix(oxygenPermille: row.integer(3)),
              let partialPressure = OxygenPartialPressure(centibar: row.integer(4))
        else {
            throw LogbookError(.databaseUnusable, "fill \(row.integer(0)) holds an O2 or ppO2 outside gaslog's ranges")
        }
        id = row.integer(0)
        cylinder = row.text(1)
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
    }
}
