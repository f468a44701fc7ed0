import LogbookStore
import NitroxCalculator

/// The compressor room's JSON, written once for the command line and the API.
public enum CompressorJSON {
    /// A whole number of hundredths as a JSON number with two decimals: `12.50`.
    static func hundredths(_ value: Int) -> JSONValue {
        .number(fixed(value, fractionDigits: 2))
    }

    /// `value` ÷ 10^`fractionDigits`, written with exactly that many decimals:
    /// hours as `12.50`, in JSON and in words alike.
    public static func fixed(_ value: Int, fractionDigits: Int) -> String {
        var scale = 1
        for _ in 0..<fractionDigits { scale *= 10 }
        let sign = value < 0 ? "-" : ""
        let magnitude = value.magnitude
        guard fractionDigits > 0 else { return sign + String(magnitude) }
        let fraction = String(magnitude % UInt(scale))
        return sign + String(magnitude / UInt(scale)) + "." + String(repeating: "0", count: fractionDigits - fraction.count) + fraction
    }

    /// An air test as recorded, with its verdict and due date, as
    /// `last_test` and the recorded test show it.
    static let test = ResultFields<AirTestResult>([
        ResultField("id", .integer(minimum: 1)) { .integer($0.test.id) },
        ResultField("at", JSONSchema.time.described("UTC, ISO 8601: the first instant of the local date the air was sampled.")) {
            .string($0.test.at.iso8601)
        },
        ResultField("o2", JSONSchema.number.described("Oxygen, %, one decimal.")) {
            .number(fixed($0.test.sample.oxygenPermille, fractionDigits: 1))
        },
        ResultField("co2", JSONSchema.integer(minimum: 0).described("Carbon dioxide, ml/m³ (ppm).")) {
            .integer($0.test.sample.carbonDioxidePPM)
        },
        ResultField("co", JSONSchema.number.described("Carbon monoxide, ml/m³ (ppm), one decimal.")) {
            .number(fixed($0.test.sample.carbonMonoxideTenthsPPM, fractionDigits: 1))
        },
        ResultField("oil", JSONSchema.number.described("Oil, mg/m³, two decimals.")) {
            .number(fixed($0.test.sample.oilHundredthsMilligrams, fractionDigits: 2))
        },
        ResultField("water", JSONSchema.number.described("Water, mg/m³, one decimal.")) {
            .number(fixed($0.test.sample.waterTenthsMilligrams, fractionDigits: 1))
        },
        ResultField("pressure", JSONSchema.integer(minimum: 40).described("The nominal pressure the air is delivered at, bar.")) {
            .integer($0.test.sample.pressureBar)
        },
        ResultField("standard", JSONSchema.string.described("The standard it was judged by, as stored then: EN 12021:2014.")) {
            .string($0.test.standard)
        },
        ResultField("passed", JSONSchema.boolean.described("Whether every component was within its limit.")) { .bool($0.test.passed) },
        ResultField(
            "failed",
            JSONSchema.array(of: .enumeration(["o2", "co2", "co", "oil", "water"])).described(
                "The components outside their limits; empty when it passed.")
        ) { .array($0.test.failed.map { .string($0.rawValue) }) },
        ResultField("due", JSONSchema.string.described("The last day the test is valid, YYYY-MM-DD, with the interval in force.")) {
            .string($0.test.due(months: $0.airTestMonths).iso8601)
        },
    ])

    /// A run, as the log lists it.
    static let run = ResultFields<CompressorRun>([
        ResultField("kind", .constant("run")) { _ in .string("run") },
        ResultField("id", .integer(minimum: 1)) { .integer($0.id) },
        ResultField("at", .time) { .string($0.at.iso8601) },
        ResultField("hours", JSONSchema.number.described("Hours the run counted (0 for a first meter reading).")) {
            hundredths($0.hundredthsOfHours)
        },
        ResultField("meter", JSONSchema.number.orNull.described("The hour meter after the run; null while it is unknown.")) {
            $0.meterHundredths.map(hundredths) ?? .null
        },
        ResultField("temperature", JSONSchema.integer(minimum: -20, maximum: 60).orNull.described("Ambient °C; null when not given.")) {
            $0.temperature.map(JSONValue.integer) ?? .null
        },
        ResultField("operator", JSONSchema.string.orNull) { .optional($0.operator) },
    ])

    /// A cartridge change, as the log lists it.
    static let filterChange = ResultFields<FilterChange>([
        ResultField("kind", .constant("filter")) { _ in .string("filter") },
        ResultField("id", .integer(minimum: 1)) { .integer($0.id) },
        ResultField("at", .time) { .string($0.at.iso8601) },
        ResultField("batch", JSONSchema.string.orNull) { .optional($0.batch) },
    ])

    /// An air test, as the log lists it: the test as `last_test` shows it,
    /// then where it comes from.
    static let loggedTest = ResultFields<AirTestResult>(
        [ResultField("kind", .constant("test")) { _ in .string("test") }] + test.fields + [
            ResultField("lab", JSONSchema.string.orNull) { .optional($0.test.lab) },
            ResultField("certificate", JSONSchema.string.orNull) { .optional($0.test.certificate) },
            ResultField("note", JSONSchema.string.orNull) { .optional($0.test.note) },
        ])

    /// One line of the log, of whichever kind.
    static func entry(_ entry: CompressorLogEntry, months: Int) -> JSONValue {
        switch entry {
        case .run(let run): CompressorJSON.run.json(of: run)
        case .filter(let change): filterChange.json(of: change)
        case .test(let test): loggedTest.json(of: AirTestResult(test: test, airTestMonths: months))
        }
    }

    /// The schema of one line of the log.
    static var entrySchema: JSONSchema {
        JSONSchema.either([run.schema, filterChange.schema, loggedTest.schema]).described("A run, a cartridge change or an air test.")
    }
}
