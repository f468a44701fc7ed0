import NitroxCalculator

/// A compressor that needs attention: its air test overdue or due soon, or
/// its filter at or below a tenth of its life.
public struct CompressorDue: Sendable, Equatable {
    /// What falls due.
    public enum Kind: String, Sendable {
        case airTest = "air_test"
        case filter
    }

    /// The compressor's name.
    public let compressor: String
    /// What falls due.
    public let kind: Kind
    /// The last test's date; `nil` for a filter.
    public let last: CivilDate?
    /// The last day the test is valid; `nil` for a filter.
    public let due: CivilDate?
    /// Days from today to `due`, negative when overdue; `nil` for a filter.
    public let daysLeft: Int?
    /// A filter's remaining life, rounded down to a whole percent.
    public let filterRemainingPercent: Int?
    /// Whether the test is overdue, or the filter exhausted.
    public let overdue: Bool

    /// The share of its life a filter has left when it is listed as due.
    public static let filterWarningPercent = 10
}
