import LogbookStore
import NitroxCalculator

/// A blend to plan: the cylinder, what it should hold, and what it holds now
/// where the log does not say.
public struct BlendRequest: Sendable {
    /// The cylinder to blend in.
    public var cylinder: CylinderName
    /// The mix to blend.
    public var target: GasMix
    /// The pressure to fill to.
    public var to: Pressure
    /// The pressure in the cylinder now; `nil` takes its last fill's.
    public var from: Pressure?
    /// The gas in the cylinder now; `nil` takes its current gas from the log.
    public var fromMix: GasMix?
    /// The gas to top off with, usually air.
    public var topOff: GasMix
    /// The unit system the plan's gauge readings are rounded in.
    public var unit: UnitSystem
    /// Plans although a check refuses the cylinder.
    public var overrideReason: String?
    /// Plans with Subsurface's real-gas model instead of the ideal gas.
    public var realGas: Bool

    /// A blend of `target` to `to` in `cylinder`, topped off with air unless another gas is given.
    public init(
        cylinder: CylinderName, target: GasMix, to: Pressure, from: Pressure? = nil, fromMix: GasMix? = nil,
        topOff: GasMix = .air, unit: UnitSystem, overrideReason: String? = nil, realGas: Bool = false
    ) {
        self.cylinder = cylinder
        self.target = target
        self.to = to
        self.from = from
        self.fromMix = fromMix
        self.topOff = topOff
        self.unit = unit
        self.overrideReason = overrideReason
        self.realGas = realGas
    }
}
