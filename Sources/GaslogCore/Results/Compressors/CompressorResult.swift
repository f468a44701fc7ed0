import LogbookStore
import NitroxCalculator

/// One compressor as every compressor use case shows it: its facts, meter,
/// filter life, last test with its due date, and the register's changes.
public struct CompressorResult: UseCaseResult, DeclaredObject {
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
            status: try logbook.compressorStatus(name, latest: EntryTimeLimit(clockOf: logbook).latest), changes: try logbook.compressorChanges(name),
            today: logbook.today(),
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

    /// Its name among the OpenAPI document's schemas.
    public static let schemaName = "Compressor"
    /// What it is, for its schema.
    public static let meaning = "A compressor: its facts, meter, filter life, latest air test and the register's changes."
    /// Whether its use case's warnings follow its keys.
    public static let hasWarnings = true

    /// The compressor as `--json` prints it and the API answers it; a list gives each so, without warnings.
    public static let fields = ResultFields<CompressorResult>([
        ResultField("compressor", .string) { .string($0.status.compressor.name) },
        ResultField(
            "filter_hours", JSONSchema.number.orNull.described("The cartridge's life at the reference temperature, hours; null when unknown.")
        ) { result in
            result.status.compressor.filterTenthsOfHours.map { .number(Rational($0, 10).decimalString(maximumFractionDigits: 1)) } ?? .null
        },
        ResultField(
            "filter_factors", JSONSchema.array(of: factor.schema).described("The correction chart in force; empty: every factor is 1.")
        ) { .array(($0.status.compressor.factors?.points ?? []).map(factor.json(of:))) },
        ResultField(
            "air_test_months",
            JSONSchema.integer(minimum: 1, maximum: 24).described("The air-test interval in force: its own, else the setting.")
        ) { .integer($0.status.airTestMonths) },
        ResultField("retired", .boolean) { .bool($0.status.compressor.isRetired) },
        ResultField("meter", JSONSchema.number.orNull.described("The hour meter's last known reading; null before any.")) {
            $0.status.meterHundredths.map(CompressorJSON.hundredths) ?? .null
        },
        ResultField("filter", filter.schema) { filter.json(of: $0.status) },
        ResultField(
            "last_test",
            JSONSchema.either([CompressorJSON.test.schema, .of(.null)]).described(
                "The latest air test, with its verdict and due date; null when none.")
        ) { result in
            result.status.lastTest.map { CompressorJSON.test.json(of: AirTestResult(test: $0, airTestMonths: result.status.airTestMonths)) }
                ?? .null
        },
        ResultField("note", JSONSchema.string.orNull) { .optional($0.status.compressor.note) },
        ResultField(
            "changes",
            JSONSchema.array(of: ResultJSON.change.schema).described("The register's changes from the audit trail, as a cylinder's show gives them.")
        ) { .array($0.changes.map(ResultJSON.change.json(of:))) },
    ])

    /// A point of the filter's correction chart.
    private static let factor = ResultFields<FilterFactorChart.Point>([
        ResultField("temperature", JSONSchema.integer(minimum: -20, maximum: 60).described("°C.")) { .integer($0.temperature) },
        ResultField("factor", .number) { .number(Rational($0.factorHundredths, 100).decimalString(maximumFractionDigits: 2)) },
    ])

    /// The cartridge fitted and its life.
    private static let filter = ResultFields<CompressorStatus>([
        ResultField(
            "changed_at",
            JSONSchema.time.orNull.described("UTC, ISO 8601: the last cartridge change; null for the cartridge fitted when it was added.")
        ) { $0.filterChange.map { .string($0.at.iso8601) } ?? .null },
        ResultField("batch", JSONSchema.string.orNull.described("The cartridge's batch, when given.")) { .optional($0.filterChange?.batch) },
        ResultField("hours_run", JSONSchema.number.described("Hours run since the change, as recorded.")) {
            CompressorJSON.hundredths($0.filterLife.hoursRunHundredths)
        },
        ResultField(
            "used", JSONSchema.number.described("Filter hours used: each run's hours ÷ its temperature's factor, summed, rounded up to two decimals.")
        ) { CompressorJSON.hundredths($0.filterLife.usedHundredthsRoundedUp) },
        ResultField(
            "remaining", JSONSchema.number.orNull.described("filter_hours − used, rounded down to two decimals; null without filter_hours.")
        ) { $0.filterLife.remainingHundredthsRoundedDown.map(CompressorJSON.hundredths) ?? .null },
        ResultField(
            "remaining_percent",
            JSONSchema.integer().orNull.described("remaining as a whole percent of filter_hours, rounded down; null without filter_hours.")
        ) { $0.filterLife.remainingPercentRoundedDown.map(JSONValue.integer) ?? .null },
    ])
}
