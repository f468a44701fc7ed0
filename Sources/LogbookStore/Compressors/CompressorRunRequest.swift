/// A compressor session to record.
public struct CompressorRunRequest: Sendable, Equatable {
    /// How long it ran: hours given, or the hour meter's reading after it.
    public enum Duration: Sendable, Equatable {
        /// Hours, in hundredths.
        case hours(hundredths: Int)
        /// The meter's reading after the run, in hundredths of an hour.
        case meter(hundredths: Int)
    }

    /// How long it ran.
    public var duration: Duration
    /// The ambient temperature, in whole °C.
    public var temperature: Int?
    /// When it ran; `nil` is now.
    public var at: Timestamp?
    /// Who ran it.
    public var `operator`: String?

    /// A run of `duration`.
    public init(duration: Duration, temperature: Int? = nil, at: Timestamp? = nil, operator: String? = nil) {
        self.duration = duration
        self.temperature = temperature
        self.at = at
        self.operator = `operator`
    }
}
