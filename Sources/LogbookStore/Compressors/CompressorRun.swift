import NitroxCalculator

/// A compressor session as recorded.
public struct CompressorRun: Sendable, Equatable {
    /// Its id.
    public let id: Int
    /// When it ran.
    public let at: Timestamp
    /// The hours it counts, in hundredths: given, or the meter's advance.
    public let hundredthsOfHours: Int
    /// The hour meter after the run, in hundredths, once a meter is known.
    public let meterHundredths: Int?
    /// The ambient temperature, in whole °C.
    public let temperature: Int?
    /// The correction chart in force when it was recorded.
    public let factors: FilterFactorChart?
    /// Who ran it.
    public let `operator`: String?

    /// The factor its hours are divided by, under the chart it was recorded with.
    public var factor: Rational { factors?.factor(at: temperature) ?? Rational(1) }
}
