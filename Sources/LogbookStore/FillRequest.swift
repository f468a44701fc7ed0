import NitroxCalculator

/// A fill as the blender reports it, before it is recorded.
public struct FillRequest: Sendable {
    /// The usual fill-station tolerance: the diver's reading may differ from
    /// the blender's by at most 1 percentage point (10 tenths).
    public static let analysisTolerancePermille = 10
    /// Helium analysers are coarser: the readings may differ by 2 points.
    public static let heliumTolerancePermille = 20

    /// The cylinder filled.
    public var cylinder: CylinderName
    /// The blender's O2 reading.
    public var mix: GasMix
    /// The ppO₂ limit the MOD is computed at.
    public var partialPressure: OxygenPartialPressure
    /// When the fill happened; `nil` records it as now.
    public var filledAt: Timestamp?
    /// The fill pressure, if given.
    public var pressure: Pressure?
    /// Who blended and analysed the gas.
    public var blender: String?
    /// The diver who analysed the gas and accepted the cylinder.
    public var diver: String?
    /// The diver's nitrox certification number.
    public var cert: String?
    /// The diver's own analysis of the gas. When the diver analysed only O2,
    /// its helium is the blender's.
    public var diverMix: GasMix?
    /// Whether the diver analysed helium too.
    public var diverAnalysedHelium: Bool
    /// A free-text note about the fill.
    public var note: String?
    /// Records the fill even when the two readings differ by more than the tolerance.
    public var acceptsDifference: Bool
    /// Records the fill even when a fill-station check refuses it; stored
    /// with the fill for audits.
    public var overrideReason: String?
    /// How the MOD is rounded; `nil` uses the `rounding` setting.
    public var rounding: DepthRounding?
    /// The account that recorded the fill through the service; `nil` for
    /// the command line, which the file's owner runs. It is the fill's actor
    /// in the audit trail, and that of a cylinder the fill creates.
    public var recordedBy: String?
    /// The unit the person asked in, for the words of a refusal; the
    /// logbook's preference when `nil`.
    public var unit: UnitSystem?
    /// The pressure before the fill, after any bleed; `nil`: the gas used is not computed.
    public var from: Pressure?
    /// What the cylinder held before; `nil`: the blender's analysis of its current gas.
    public var fromMix: GasMix?
    /// The top-off gas; `nil` is air.
    public var topOff: GasMix?
    /// The member who pays; `nil`: the diver.
    public var billTo: String?
    /// The compressor that made the air or the top-off, or none; `nil`: the
    /// default-compressor setting's, if any, for a fill with nitrogen.
    public var compressor: CompressorChoice?
    /// The start as recorded, the defaults filled in: set by the logbook
    /// when it records the fill, and by an import from its columns.
    public var start: FillStart?

    /// A fill of `mix` into `cylinder`, its MOD at 1.4 bar unless another limit is given.
    public init(
        cylinder: CylinderName, mix: GasMix, partialPressure: OxygenPartialPressure = .standard,
        filledAt: Timestamp? = nil, pressure: Pressure? = nil, blender: String? = nil,
        diver: String? = nil, cert: String? = nil, diverMix: GasMix? = nil, diverAnalysedHelium: Bool = false,
        note: String? = nil,
        acceptsDifference: Bool = false, overrideReason: String? = nil, rounding: DepthRounding? = nil,
        recordedBy: String? = nil
    ) {
        self.cylinder = cylinder
        self.mix = mix
        self.partialPressure = partialPressure
        self.filledAt = filledAt
        self.pressure = pressure
        self.blender = blender
        self.diver = diver
        self.cert = cert
        self.diverMix = diverMix
        self.diverAnalysedHelium = diverAnalysedHelium
        self.note = note
        self.acceptsDifference = acceptsDifference
        self.overrideReason = overrideReason
        self.rounding = rounding
        self.recordedBy = recordedBy
    }

    /// The reference gas of two readings: the higher O2 and the lower
    /// helium. A label, MOD, END and density come from it, so the gas the
    /// diver accepted is never richer in oxygen, or poorer in helium, than
    /// its tag says. It is always a valid mix: each reading is.
    public static func reference(_ blender: GasMix, _ diver: GasMix?) -> GasMix {
        guard let diver else { return blender }
        return GasMix(
            oxygenPermille: max(blender.oxygenPermille, diver.oxygenPermille),
            heliumPermille: min(blender.heliumPermille, diver.heliumPermille)) ?? max(blender, diver)
    }

    /// The reading this fill's label and MOD are computed from.
    public var referenceMix: GasMix { FillRequest.reference(mix, diverMix) }
}
