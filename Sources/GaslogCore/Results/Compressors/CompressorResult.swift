import LogbookStore
import NitroxCalculator

/// One compressor as every compressor use case shows it: its facts, meter,
/// filter life, last test with its due date, and the register's changes.
public struct CompressorResult: UseCaseResult {
    /// The compressor as of now.
    public let status: CompressorStatus
    /// The register's changes from the audit trail, oldest first.
    public let changes: [RegisterChange]
    /// The day its test's due date is measured against.
    public let today: CivilDate
    /// Whether the use case added it.
    let isCreated: Bool

    init(status: CompressorStatus, changes: [RegisterChange], today: CivilDate, created: Bool = false) {
        self.status = status
        self.changes = changes
        self.today = today
        isCreated = created
    }

    /// The compressor named `name`, read now.
    init(_ name: String, created: Bool = false, in session: Session) throws(LogbookError) {
        let logbook = try session.logbook()
        let name = try CompressorResult.name(name)
        self.init(
            status: try logbook.compressorStatus(name), changes: try logbook.compressorChanges(name), today: logbook.today(),
            created: created)
    }

    /// A name as the register writes it, read back.
    static func name(_ text: String) throws(LogbookError) -> CompressorName {
        do throws(FieldError) {
            return try CompressorName(parsing: text)
        } catch {
            throw LogbookError(.badInput(FieldMessage([.text(error.message)])))
        }
    }

    /// What it created, for a 201.
    public var created: CreatedRecord? { isCreated ? .compressor(name: status.compressor.name) : nil }

    /// Whether its latest test is overdue today.
    public var isTestOverdue: Bool { status.isTestOverdue(on: today) }

    /// A failed latest test in words, with no due date, since no date makes
    /// it good: "FAILED on 2026-11-01 (CO2, water): fills refused until a
    /// test passes". `nil` when the latest test passed, or there is none.
    public var failedTestText: String? {
        guard let test = status.lastTest, !test.passed else { return nil }
        let components = test.failed.map(\.displayName).joined(separator: ", ")
        return "FAILED on \(LocalTime.date(of: test.at).iso8601) (\(components)): fills refused until a test passes"
    }

    /// A passing latest test past its last valid day, in words: "OVERDUE
    /// since 2027-02-02", the day after it. `nil` when it is in date, failed or missing.
    public var overdueTestText: String? {
        guard status.lastTest?.passed == true, isTestOverdue, let due = status.testDue else { return nil }
        return "OVERDUE since \(due.adding(days: 1).iso8601)"
    }

    /// The result as `--json` prints it and the API answers it.
    public func json(warnings: [Warning]) -> JSONValue {
        .object(members, warnings: warnings)
    }

    /// Its keys, without `warnings`, as `compressor list` lists each.
    var members: [(String, JSONValue)] {
        let compressor = status.compressor
        let life = status.filterLife
        return [
            ("compressor", .string(compressor.name)),
            ("filter_hours", compressor.filterTenthsOfHours.map { .number(Rational($0, 10).decimalString(maximumFractionDigits: 1)) } ?? .null),
            (
                "filter_factors",
                .array(
                    (compressor.factors?.points ?? []).map { point in
                        .object([
                            ("temperature", .integer(point.temperature)),
                            ("factor", .number(Rational(point.factorHundredths, 100).decimalString(maximumFractionDigits: 2))),
                        ])
                    })
            ),
            ("air_test_months", .integer(status.airTestMonths)), ("retired", .bool(compressor.isRetired)),
            ("meter", status.meterHundredths.map(CompressorJSON.hundredths) ?? .null),
            (
                "filter",
                .object([
                    ("changed_at", status.filterChange.map { .string($0.at.iso8601) } ?? .null),
                    ("batch", .optional(status.filterChange?.batch)), ("hours_run", CompressorJSON.hundredths(life.hoursRunHundredths)),
                    ("used", CompressorJSON.hundredths(life.usedHundredthsRoundedUp)),
                    ("remaining", life.remainingHundredthsRoundedDown.map(CompressorJSON.hundredths) ?? .null),
                    ("remaining_percent", life.remainingPercentRoundedDown.map(JSONValue.integer) ?? .null),
                ])
            ),
            ("last_test", status.lastTest.map { CompressorJSON.test($0, months: status.airTestMonths) } ?? .null),
            ("note", .optional(compressor.note)), ("changes", .array(changes.map(ResultJSON.change))),
        ]
    }
}
