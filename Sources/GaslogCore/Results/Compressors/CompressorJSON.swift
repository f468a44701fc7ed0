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

    /// A test as `last_test` shows it.
    static func test(_ test: AirTest, months: Int) -> JSONValue {
        let sample = test.sample
        return .object([
            ("id", .integer(test.id)), ("at", .string(test.at.iso8601)),
            ("o2", .number(fixed(sample.oxygenPermille, fractionDigits: 1))), ("co2", .integer(sample.carbonDioxidePPM)),
            ("co", .number(fixed(sample.carbonMonoxideTenthsPPM, fractionDigits: 1))),
            ("oil", .number(fixed(sample.oilHundredthsMilligrams, fractionDigits: 2))),
            ("water", .number(fixed(sample.waterTenthsMilligrams, fractionDigits: 1))), ("pressure", .integer(sample.pressureBar)),
            ("standard", .string(test.standard)), ("passed", .bool(test.passed)),
            ("failed", .array(test.failed.map { .string($0.rawValue) })), ("due", .string(test.due(months: months).iso8601)),
        ])
    }

    /// A run or a cartridge change as `compressor log` lists it.
    static func entry(_ entry: CompressorLogEntry, months: Int) -> JSONValue {
        switch entry {
        case .run(let run):
            return .object([
                ("kind", .string("run")), ("id", .integer(run.id)), ("at", .string(run.at.iso8601)),
                ("hours", hundredths(run.hundredthsOfHours)), ("meter", run.meterHundredths.map(hundredths) ?? .null),
                ("temperature", run.temperature.map(JSONValue.integer) ?? .null), ("operator", .optional(run.operator)),
            ])
        case .filter(let change):
            return .object([
                ("kind", .string("filter")), ("id", .integer(change.id)), ("at", .string(change.at.iso8601)),
                ("batch", .optional(change.batch)),
            ])
        case .test(let test):
            // The log adds where the test comes from to the test as `last_test` shows it.
            guard case .object(let members) = CompressorJSON.test(test, months: months) else { return .null }
            return .object(
                [("kind", .string("test"))] + members + [
                    ("lab", .optional(test.lab)), ("certificate", .optional(test.certificate)), ("note", .optional(test.note)),
                ])
        }
    }
}
