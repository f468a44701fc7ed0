/// A compressor fact that a fill's checks needed and the register does not hold.
public enum CompressorFact: String, Sendable, Equatable {
    /// No air test on record before the fill.
    case airTest = "air_test"
    /// No filter life in hours.
    case filterHours = "filter_hours"
}
