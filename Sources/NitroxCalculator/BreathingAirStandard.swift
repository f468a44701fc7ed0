/// EN 12021:2014's limits for compressed breathing air. A verdict names the
/// standard it was judged by, so that a later standard never changes an old
/// one; a value exactly at a limit passes.
public enum BreathingAirStandard {
    /// The name stored with every verdict.
    public static let name = "EN 12021:2014"

    /// The lowest delivery pressure the water limits cover, in bar: the
    /// table has no line below it.
    public static let minimumPressureBar = 40

    /// Oxygen: 21 ± 1 %, in tenths of a percent.
    public static let oxygenPermille = 200...220
    /// Carbon dioxide: at most 500 ml/m³.
    public static let maximumCarbonDioxidePPM = 500
    /// Carbon monoxide: at most 5 ml/m³, in tenths.
    public static let maximumCarbonMonoxideTenthsPPM = 50
    /// Oil: at most 0.5 mg/m³, in hundredths.
    public static let maximumOilHundredthsMilligrams = 50

    /// Water, in tenths of a mg/m³: at most 50 mg/m³ for air delivered at 40
    /// to 200 bar, 35 above 200 bar.
    public static func maximumWaterTenthsMilligrams(atBar pressure: Int) -> Int {
        pressure > 200 ? 350 : 500
    }

    /// The components of `sample` outside their limits, in ``AirComponent``
    /// order; empty when the air passes. The sample's pressure is at least
    /// ``minimumPressureBar``.
    public static func failures(of sample: AirSample) -> [AirComponent] {
        precondition(sample.pressureBar >= minimumPressureBar, "no water limit below \(minimumPressureBar) bar")
        var failed: [AirComponent] = []
        if !oxygenPermille.contains(sample.oxygenPermille) { failed.append(.oxygen) }
        if sample.carbonDioxidePPM > maximumCarbonDioxidePPM { failed.append(.carbonDioxide) }
        if sample.carbonMonoxideTenthsPPM > maximumCarbonMonoxideTenthsPPM { failed.append(.carbonMonoxide) }
        if sample.oilHundredthsMilligrams > maximumOilHundredthsMilligrams { failed.append(.oil) }
        if sample.waterTenthsMilligrams > maximumWaterTenthsMilligrams(atBar: sample.pressureBar) { failed.append(.water) }
        return failed
    }
}
