import NitroxCalculator

/// A fill as the blender reports it, before it is recorded.
public struct FillRequest: Sendable {
    /// The usual fill-station tolerance: the diver's reading may differ from
    /// the blender's by at most 1 percentage point (10 tenths).
    public static let analysisTolerancePermille = 10

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
    /// The diver's own analysis of the gas.
    public var diverMix: GasMix?
    /// A free-text note about the fill.
    public var note: String?
    /// Records the fill even when the two readings differ by more than the tolerance.
    public var acceptsDifference: Bool
    /// Records the fill even when a fill-station check refuses it; stored
    /// with the fill for audits.
    public var overrideReason: String?
    /// How the MOD is rounded; `nil` uses the `rounding` setting.
    public var rounding: DepthRounding?

    /// A fill of `mix` into `cylinder`, its MOD at 1.4 bar unless another limit is given.
    public init(
        cylinder: CylinderName, mix: GasMix, partialPressure: OxygenPartialPressure = .standard,
        filledAt: Timestamp? = nil, pressure: Pressure? = nil, blender: String? = nil,
        diver: String? = nil, cert: String? = nil, diverMix: GasMix? = nil, note: String? = nil,
        acceptsDifference: Bool = false, overrideReason: String? = nil, rounding: DepthRounding? = nil
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
        self.note = note
        self.acceptsDifference = acceptsDifference
        self.overrideReason = overrideReason
        self.rounding = rounding
    }

    /// The richer of two readings: a label and a MOD come from it, so the gas
    /// the diver accepted is never leaner than its tag says.
    public static func richer(_ blender: GasMix, _ diver: GasMix?) -> GasMix {
        guard let diver, diver > blender else { return blender }
        return diver
    }

    /// The reading this fill's label and MOD are computed from.
    public var referenceMix: GasMix { FillRequest.richer(mix, diverMix) }

    /// Refuses a fill whose two analyses disagree by more than the tolerance,
    /// unless the difference was accepted.
    public func checkAnalysisTolerance() throws(LogbookError) {
        guard let diverMix, !acceptsDifference else { return }
        let difference = abs(diverMix.oxygenPermille - mix.oxygenPermille)
        guard difference > FillRequest.analysisTolerancePermille else { return }
        throw LogbookError(.toleranceExceeded(blender: mix, diver: diverMix))
    }
}
