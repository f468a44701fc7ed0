import LogbookStore
import NitroxCalculator

/// The compressor room's inputs, declared once for every compressor use case.
public enum CompressorOptions {
    /// The compressor, by name: the input `compressor`, which the command line shows as `<name>`.
    public static let compressor = Argument<CompressorName>("name", key: "compressor", help: "The compressor's name.")

    /// The cartridge's life at the reference temperature.
    public static let filterHours = decimal(
        "filter-hours", value: "hours", fractionDigits: 1, range: 1...100_000,
        help: "The filter cartridge's life at the reference temperature, in hours: 0.1 to 10000, at most one decimal.")
    /// The manufacturer's correction chart.
    public static let filterFactors = Option<FilterFactorChart>(
        "filter-factors", value: "list",
        schema: JSONSchema.string.matching("^\(chartPoint)(?:,\(chartPoint))*$", minimumLength: 3, maximumLength: 1000)
            .described(
                "The correction chart as TEMP:FACTOR pairs, °C from −20 to 60 strictly increasing, factors 0.05 to 5 with at most two decimals."
            )
            .examples(.string("10:1.4,20:1,30:0.6,40:0.35")),
        help:
            "The manufacturer's correction chart as TEMP:FACTOR pairs in °C, such as 10:1.4,20:1,30:0.6,40:0.35: whole degrees from -20 to 60, strictly increasing; factors from 0.05 to 5 with at most two decimals. Between two temperatures the factor is interpolated; outside the chart it is the nearest end's."
    ) { text throws(CalculatorInputError) in try FilterFactorChart(parsing: text) }
    /// One TEMP:FACTOR pair of a chart, as the parser reads it.
    private static let chartPoint = "-?[0-9]{1,3}:(?:[0-9]+(?:\\.[0-9]{0,2})?|\\.[0-9]{1,2})"
    /// Its own air-test interval.
    public static let airTestMonths = Option<Int>(
        "air-test-months", value: "months", schema: .integer(minimum: 1, maximum: 24),
        help: "Months its breathing-air test stays valid, 1 to 24 (default: the air-test-interval-months setting, 3)."
    ) { try WholeNumber.parse($0, in: 1...24, what: "number of months") }
    /// A note about the compressor.
    public static let note = CommonOptions.note("note", help: "A note about the compressor.")
    /// Facts to empty.
    public static let clear = Option<String>(
        "clear", value: "field",
        schema: JSONSchema.string.described("filter-hours, filter-factors, air-test-months or note; several separated by commas."),
        help: "Empty a fact: filter-hours, filter-factors, air-test-months or note. Repeat it, or separate fields with commas."
    ) { $0 }
    .repeatable()

    /// The facts a compressor is added with.
    public static let facts: [any OptionDeclaration] = [filterHours, filterFactors, airTestMonths, note]

    /// The changes the facts given ask for; a fact both set and cleared is bad input.
    static func changes(_ input: InputReader, clearing: Bool) throws(LogbookError) -> CompressorChanges {
        var changes = CompressorChanges()
        changes.filterTenthsOfHours = try input.value(filterHours)
        changes.factors = try input.value(filterFactors)
        changes.airTestMonths = try input.value(airTestMonths)
        changes.note = try input.value(note)
        guard clearing else { return changes }
        let fields: [(CompressorField, any OptionDeclaration)] = [
            (.filterHours, filterHours), (.filterFactors, filterFactors), (.airTestMonths, airTestMonths), (.note, note),
        ]
        for item in try input.values(clear).flatMap({ $0.split(separator: ",", omittingEmptySubsequences: false) }) {
            let field = try input.interpret(String(item), { text in try CompressorField.parse(text) }, field: clear.spec.name)
            if let option = fields.first(where: { $0.0 == field })?.1, input.isGiven(option) {
                throw InputReader.bad(
                    clear.spec.name,
                    [.text("give "), .field(field.rawValue), .text(" or "), .field(clear.spec.name), .text(" \(field.rawValue), not both")])
            }
            changes.clearing.insert(field)
        }
        return changes
    }

    /// A decimal option read as a whole number of its smallest unit: with
    /// `fractionDigits` 2, `1.5` is 150. `range` is in that unit.
    static func decimal(
        _ name: String, value placeholder: String, fractionDigits: Int, range: ClosedRange<Int>, help: Wording
    ) -> Option<Int> {
        let scale = [1, 10, 100][fractionDigits]
        let text = { @Sendable (value: Int) in Rational(value, scale).decimalString(maximumFractionDigits: fractionDigits) }
        let fraction = fractionDigits == 0 ? "" : "(?:\\.[0-9]{0,\(fractionDigits)})?"
        let expected =
            "expected \(text(range.lowerBound)) to \(text(range.upperBound))"
            + (fractionDigits == 0 ? ", a whole number" : " with at most \(fractionDigits == 1 ? "one decimal" : "\(fractionDigits) decimals")")
        return Option<Int>(
            name, value: placeholder,
            schema: JSONSchema.of(.string, .number).bounded(text(range.lowerBound), text(range.upperBound))
                .matching(fractionDigits == 0 ? "^[0-9]{1,7}$" : "^(?:[0-9]{1,7}\(fraction)|\\.[0-9]{1,\(fractionDigits)})$").described(help.api),
            help: help
        ) { raw throws(FieldError) in
            guard let value = Rational.parseDecimal(Substring(raw), maximumFractionDigits: fractionDigits),
                range.contains((value * Rational(scale)).numerator)
            else { throw FieldError("invalid \(name) \(quoted(raw)): \(expected)") }
            return (value * Rational(scale)).numerator
        }
    }

    // MARK: Runs, cartridges and tests

    /// Hours run.
    public static let hours = decimal(
        "hours", value: "hours", fractionDigits: 2, range: 0...2400, help: "How long it ran, in hours: 0 to 24, at most two decimals.")
    /// The hour meter after the run.
    public static let meter = decimal(
        "meter", value: "reading", fractionDigits: 2, range: 0...99_999_999,
        help:
            "The hour meter's reading after the run; the hours are the difference from the last reading (the first only sets the meter). A reading below the last, or dated before it, is refused (exit 65)."
    )
    /// The ambient temperature.
    public static let temperature = Option<Int>(
        "temperature", value: "celsius", schema: .integer(minimum: -20, maximum: 60),
        help: "The ambient temperature in whole °C, -20 to 60, for the filter's correction factor."
    ) { raw throws(FieldError) in
        let negative = raw.hasPrefix("-")
        let invalid = FieldError("invalid temperature \(quoted(raw)): expected a whole number from -20 to 60")
        guard let magnitude = try? WholeNumber.parse(negative ? String(raw.dropFirst()) : raw, in: 0...60, what: "temperature"),
            !negative || magnitude <= 20
        else { throw invalid }
        return negative ? -magnitude : magnitude
    }
    /// When a run or cartridge change happened.
    public static let at = Option<Timestamp>(
        "at", help: "When it happened, in local time unless it carries Z or an offset; a date alone is its first moment. Default: now.")
    /// Who ran the compressor.
    public static let `operator` = CommonOptions.name("operator", help: "Who ran the compressor.")
    /// The cartridge's batch.
    public static let batch = CommonOptions.name("batch", value: "text", help: "The new cartridge's batch, as printed on it.")

    /// The test's readings.
    public static let o2 = decimal("o2", value: "percent", fractionDigits: 1, range: 0...1000, help: "Oxygen, in %: 0 to 100, one decimal.")
        .required()
    /// Carbon dioxide.
    public static let co2 = decimal("co2", value: "ppm", fractionDigits: 0, range: 0...1_000_000, help: "Carbon dioxide, in ml/m³ (ppm), whole.")
        .required()
    /// Carbon monoxide.
    public static let co = decimal(
        "co", value: "ppm", fractionDigits: 1, range: 0...10_000_000, help: "Carbon monoxide, in ml/m³ (ppm), one decimal."
    )
    .required()
    /// Oil.
    public static let oil = decimal("oil", value: "mg", fractionDigits: 2, range: 0...100_000_000, help: "Oil, in mg/m³, two decimals.").required()
    /// Water.
    public static let water = decimal("water", value: "mg", fractionDigits: 1, range: 0...10_000_000, help: "Water, in mg/m³, one decimal.")
        .required()
    /// The delivery pressure.
    public static let pressure = decimal(
        "pressure", value: "bar", fractionDigits: 0, range: 0...1000,
        help: "The nominal pressure the air is delivered at, in whole bar; at least 40 (EN 12021 has no line below it)."
    ).required()
    /// The test's date.
    public static let testDate = Option<CivilDate>(
        "at", help: "The date the air was sampled (YYYY-MM-DD): the test counts from the first moment of that local date. Default: now.")
    /// The laboratory.
    public static let lab = CommonOptions.name("lab", value: "text", help: "The laboratory, or the test kit.")
    /// The certificate's number.
    public static let certificate = CommonOptions.name("certificate", value: "text", help: "The certificate's number.")
}

extension CompressorName: OptionValue {
    /// Reads a value from its text; a thrown error says why it is not one.
    public static func parse(_ text: String) throws -> CompressorName { try CompressorName(parsing: text) }
    /// The placeholder in help and usage.
    public static var placeholder: String { "name" }
    /// 1 to 64 characters on one line, unique regardless of case.
    public static var schema: JSONSchema {
        ValueSchemas.name.described("A compressor's name: 1 to 64 characters, unique regardless of case.")
    }
}

extension CompressorChoice: OptionValue {
    /// Reads a value from its text; a thrown error says why it is not one.
    public static func parse(_ text: String) throws -> CompressorChoice { try CompressorChoice(parsing: text) }
    /// The placeholder in help and usage.
    public static var placeholder: String { "name" }
    /// A compressor's name, or `none` (JSON's `null` too) for a fill that used no compressor.
    public static var schema: JSONSchema {
        ValueSchemas.name.described(
            "A compressor's name, or none (in any case) for a fill that used no compressor; null means none too."
        ).orNull
    }
}
