import NitroxCalculator

/// A compressor in the register, with the facts of its latest version.
public struct Compressor: Sendable, Equatable {
    /// Its row id.
    public let id: Int
    /// The name as first written.
    public let name: String
    /// When it was added.
    public let createdAt: Timestamp
    /// The cartridge's life at the reference temperature, in tenths of an hour.
    public let filterTenthsOfHours: Int?
    /// The manufacturer's correction chart; `nil`: every factor is 1.
    public let factors: FilterFactorChart?
    /// Its own air-test interval; `nil` follows the setting.
    public let airTestMonths: Int?
    /// A note.
    public let note: String?
    /// When it was retired; `nil` while it is in service.
    public let retiredAt: Timestamp?
    /// Why it was retired.
    public let retiredReason: String?

    /// Whether it is retired.
    public var isRetired: Bool { retiredAt != nil }

    /// The air-test interval in force: its own, else the setting's.
    public func airTestInterval(_ settings: LogbookSettings) -> Int {
        airTestMonths ?? settings.airTestIntervalMonths
    }

    /// Every compressor with its latest version, by name key; the name key
    /// and the latest retirement's reason come with it.
    static let selection = """
        SELECT c.id AS id, c.name AS name, c.created_at AS created_at, v.filter_decihours AS filter_decihours,
               v.filter_factors AS filter_factors, v.air_test_months AS air_test_months, v.note AS note,
               v.retired_at AS retired_at,
               (SELECT r.reason FROM compressor_versions AS r
                WHERE r.compressor_id = c.id AND r.change = 'retire' ORDER BY r.id DESC LIMIT 1) AS retired_reason
        FROM compressors AS c
        LEFT JOIN compressor_versions AS v
          ON v.id = (SELECT max(id) FROM compressor_versions WHERE compressor_id = c.id)
        """

    /// One compressor by its name's key.
    static let selectionByName = selection + " WHERE c.name_key = :name_key"

    /// Reads the current row of a statement that starts with ``selection``.
    init(row: Statement) throws(LogbookError) {
        id = row.integer("id")
        name = row.text("name")
        guard let createdAt = try? Timestamp(parsing: row.text("created_at")) else {
            throw LogbookError(.databaseUnusable(.storedRow(.compressorCreationTime(compressor: name))))
        }
        self.createdAt = createdAt
        filterTenthsOfHours = row.optionalInteger("filter_decihours")
        if let text = row.optionalText("filter_factors") {
            guard let chart = try? FilterFactorChart(parsing: text) else {
                throw LogbookError(.databaseUnusable(.storedRow(.compressorFilterChart(compressor: name, chart: text))))
            }
            factors = chart
        } else {
            factors = nil
        }
        airTestMonths = row.optionalInteger("air_test_months")
        note = row.optionalText("note")
        if let retired = row.optionalText("retired_at") {
            // A retirement that cannot be read must not put the compressor back in service.
            guard let retiredAt = try? Timestamp(parsing: retired) else {
                throw LogbookError(.databaseUnusable(.storedRow(.compressorRetirementTime(compressor: name, time: retired))))
            }
            self.retiredAt = retiredAt
        } else {
            retiredAt = nil
        }
        retiredReason = retiredAt == nil ? nil : row.optionalText("retired_reason")
    }
}
