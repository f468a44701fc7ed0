/// Pure oxygen that a fill decants into its cylinder: the rule that asks for
/// an oxygen-clean cylinder whatever the final mix, since a partial-pressure
/// blend puts 100 % oxygen through the valve.
///
/// With the pressures before and after: when the oxygen O that gas
/// accounting computes, in the ideal model, is more than 1 % of the fill's
/// final quantity V·P, the analysers' tolerance of one point. Without them:
/// when the share of pure oxygen the mix must hold beyond what its top-off
/// and helium give, (o − tₒ·(1 − h)) ÷ (1 − tₒ), is above 0.01.
public struct AddedOxygen: Sendable, Equatable {
    /// The litres at 1 bar, exactly, when the pressures and the volume give them.
    public let litres: Rational?

    /// The oxygen a fill of a cylinder of `volume` from `start` at
    /// `startPressure` to `mix` at `pressure`, topped off with
    /// `topOffOxygenPermille` of O2, decants; `nil` when it adds none. The
    /// rule does not depend on the volume; without one, the litres are not
    /// known. When the start cannot give the mix by adding gas (it was bled
    /// first), the fractions decide.
    public static func decanted(
        volume: CylinderVolume?, start: GasMix, startPressure: Pressure, mix: GasMix, pressure: Pressure, topOffOxygenPermille: Int
    ) -> AddedOxygen? {
        // A top-off of pure oxygen decants it, and has no nitrogen to account by.
        guard topOffOxygenPermille < 1000 else { return AddedOxygen(litres: nil) }
        // O and V·P are both proportional to V: one litre decides for any volume.
        let decidingVolume = volume ?? CylinderVolume(centilitres: 100)
        guard
            let use = try? FillGasUse(
                volume: decidingVolume, start: start, startPressure: startPressure, mix: mix, pressure: pressure,
                topOffOxygenPermille: topOffOxygenPermille, model: .ideal)
        else {
            return decanted(mix: mix, topOffOxygenPermille: topOffOxygenPermille)
        }
        guard use.oxygen * Rational(100) > decidingVolume.litres * pressure.bar else { return nil }
        return AddedOxygen(litres: volume == nil ? nil : use.oxygen)
    }

    /// The oxygen a mix of `mix`, topped off with `topOffOxygenPermille` of
    /// O2, decants when no pressures are known: `nil` unless it holds more
    /// than 1 % of pure oxygen beyond what its top-off and helium give.
    public static func decanted(mix: GasMix, topOffOxygenPermille: Int) -> AddedOxygen? {
        guard topOffOxygenPermille < 1000 else { return AddedOxygen(litres: nil) }
        // In permille, the share is (o·1000 − t·(1000 − h)) ÷ (1000·(1000 − t)); above 1/100.
        let beyond = mix.oxygenPermille * 1000 - topOffOxygenPermille * (1000 - mix.heliumPermille)
        return beyond * 100 > 1000 * (1000 - topOffOxygenPermille) ? AddedOxygen(litres: nil) : nil
    }
}
