import NitroxCalculator

/// The register facts that `compressor add` or `compressor edit` sets; `nil`
/// leaves a fact as it is.
public struct CompressorChanges: Sendable, Equatable {
    /// The cartridge's life at the reference temperature, in tenths of an hour.
    public var filterTenthsOfHours: Int?
    /// The manufacturer's correction chart.
    public var factors: FilterFactorChart?
    /// Its own air-test interval, in months.
    public var airTestMonths: Int?
    /// A note.
    public var note: String?
    /// Facts to empty.
    public var clearing: Set<CompressorField>

    /// Changes to the facts given; every fact left out stays as it is.
    public init(
        filterTenthsOfHours: Int? = nil, factors: FilterFactorChart? = nil, airTestMonths: Int? = nil, note: String? = nil,
        clearing: Set<CompressorField> = []
    ) {
        self.filterTenthsOfHours = filterTenthsOfHours
        self.factors = factors
        self.airTestMonths = airTestMonths
        self.note = note
        self.clearing = clearing
    }

    /// Whether the changes neither set nor clear anything.
    public var isEmpty: Bool { self == CompressorChanges() }
}
