/// A breathing-air test's readings, each in whole units of the decimals a
/// laboratory reports, so that a limit is compared exactly.
public struct AirSample: Sendable, Hashable {
    /// Oxygen, in tenths of a percent (209 is 20.9 %).
    public let oxygenPermille: Int
    /// Carbon dioxide, in ml/m³ (ppm).
    public let carbonDioxidePPM: Int
    /// Carbon monoxide, in tenths of a ml/m³.
    public let carbonMonoxideTenthsPPM: Int
    /// Oil, in hundredths of a mg/m³.
    public let oilHundredthsMilligrams: Int
    /// Water, in tenths of a mg/m³.
    public let waterTenthsMilligrams: Int
    /// The nominal pressure the air is delivered at, in bar.
    public let pressureBar: Int

    /// A sample of these readings.
    public init(
        oxygenPermille: Int, carbonDioxidePPM: Int, carbonMonoxideTenthsPPM: Int, oilHundredthsMilligrams: Int,
        waterTenthsMilligrams: Int, pressureBar: Int
    ) {
        self.oxygenPermille = oxygenPermille
        self.carbonDioxidePPM = carbonDioxidePPM
        self.carbonMonoxideTenthsPPM = carbonMonoxideTenthsPPM
        self.oilHundredthsMilligrams = oilHundredthsMilligrams
        self.waterTenthsMilligrams = waterTenthsMilligrams
        self.pressureBar = pressureBar
    }
}
