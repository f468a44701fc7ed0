import NitroxCalculator

/// A breathing-air test as recorded, with the verdict it was given then.
public struct AirTest: Sendable, Equatable {
    /// Its id.
    public let id: Int
    /// When the air was sampled: a test counts for fills at or after it.
    public let at: Timestamp
    /// The readings.
    public let sample: AirSample
    /// The laboratory, the certificate's number, and a note.
    public let lab: String?, certificate: String?, note: String?
    /// The standard it was judged by, as stored then.
    public let standard: String
    /// The components outside their limits; empty when it passed.
    public let failed: [AirComponent]

    /// Whether the air passed.
    public var passed: Bool { failed.isEmpty }

    /// The last day it is valid, `months` after its local date (a month end clamps).
    public func due(months: Int) -> CivilDate {
        LocalTime.date(of: at).adding(months: months)
    }
}
