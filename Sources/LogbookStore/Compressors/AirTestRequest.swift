import NitroxCalculator

/// A test to record: the readings and where they come from.
public struct AirTestRequest: Sendable, Equatable {
    /// The readings.
    public var sample: AirSample
    /// When the air was sampled; `nil` is now.
    public var at: Timestamp?
    /// The laboratory, the certificate's number, and a note.
    public var lab: String?, certificate: String?, note: String?

    /// A test of `sample`.
    public init(sample: AirSample, at: Timestamp? = nil, lab: String? = nil, certificate: String? = nil, note: String? = nil) {
        self.sample = sample
        self.at = at
        self.lab = lab
        self.certificate = certificate
        self.note = note
    }
}
