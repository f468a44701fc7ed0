import NitroxCalculator

/// What a cylinder held before a fill, and the gas it was topped off with:
/// with the fill's own pressure and gas, the litres of each gas it used.
public struct FillStart: Sendable, Equatable {
    /// The pressure before the fill, after any bleed.
    public let pressure: Pressure
    /// The gas the cylinder held: given, or the blender's analysis of its current gas.
    public let mix: GasMix
    /// The top-off gas's O2, in tenths of a percent: 210 for air. It holds no helium.
    public let topOffOxygenPermille: Int

    /// A start of `mix` at `pressure`, topped off with `topOffOxygenPermille` of O2.
    public init(pressure: Pressure, mix: GasMix, topOffOxygenPermille: Int) {
        self.pressure = pressure
        self.mix = mix
        self.topOffOxygenPermille = topOffOxygenPermille
    }

    /// The top-off gas.
    public var topOff: GasMix { GasMix(oxygenPermille: topOffOxygenPermille, heliumPermille: 0) ?? .air }
}
