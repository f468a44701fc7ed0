import GaslogCore

// The schemas of the compressor room's results, declared for their types.

/// Pieces the compressor schemas share.
enum CompressorSchemas {
    /// A moment as the results write it.
    static let time = JSONSchema.string.described("UTC, ISO 8601.")

    /// Hours as the results write them: a number with two decimals.
    static func hours(_ description: String) -> JSONSchema {
        JSONSchema.number.described(description)
    }

    /// A string that is always `value`: a row's `kind`.
    static func constant(_ value: String) -> JSONSchema {
        var schema = JSONSchema.string
        schema.constant = .string(value)
        return schema
    }

    /// The components a test judges, by name.
    static let components = ["o2", "co2", "co", "oil", "water"]

    /// A test's keys, as `last_test` and the log show it.
    static var testProperties: [(name: String, schema: JSONSchema)] {
        let text = JSONSchema.string.orNull
        return [
            ("id", .integer(minimum: 1)), ("at", time.described("UTC, ISO 8601: the first instant of the local date the air was sampled.")),
            ("o2", JSONSchema.number.described("Oxygen, %, one decimal.")),
            ("co2", JSONSchema.integer(minimum: 0).described("Carbon dioxide, ml/m³ (ppm).")),
            ("co", JSONSchema.number.described("Carbon monoxide, ml/m³ (ppm), one decimal.")),
            ("oil", JSONSchema.number.described("Oil, mg/m³, two decimals.")),
            ("water", JSONSchema.number.described("Water, mg/m³, one decimal.")),
            ("pressure", JSONSchema.integer(minimum: 40).described("The nominal pressure the air is delivered at, bar.")),
            ("lab", text), ("certificate", text), ("note", text),
            ("standard", JSONSchema.string.described("The standard it was judged by, as stored then: EN 12021:2014.")),
            ("passed", JSONSchema.boolean.described("Whether every component was within its limit.")),
            ("failed", JSONSchema.array(of: .enumeration(components)).described("The components outside their limits; empty when it passed.")),
            ("due", JSONSchema.string.described("The last day the test is valid, YYYY-MM-DD, with the interval in force.")),
        ]
    }

    /// A test as `last_test` shows it.
    static var test: JSONSchema {
        .object(testProperties, required: testRequired)
    }

    /// The keys of `last_test` and a recorded test: all but the laboratory, certificate and note, which only the log gives.
    static var testRequired: [String] {
        testProperties.map(\.name).filter { !["lab", "certificate", "note"].contains($0) }
    }

    /// The filter's life since the last cartridge change.
    static var filter: JSONSchema {
        let properties: [(name: String, schema: JSONSchema)] = [
            ("changed_at", time.orNull.described("UTC, ISO 8601: the last cartridge change; null for the cartridge fitted when it was added.")),
            ("batch", JSONSchema.string.orNull.described("The cartridge's batch, when given.")),
            ("hours_run", hours("Hours run since the change, as recorded.")),
            ("used", hours("Filter hours used: each run's hours ÷ its temperature's factor, summed, rounded up to two decimals.")),
            ("remaining", JSONSchema.number.orNull.described("filter_hours − used, rounded down to two decimals; null without filter_hours.")),
            (
                "remaining_percent",
                JSONSchema.integer().orNull.described("remaining as a whole percent of filter_hours, rounded down; null without filter_hours.")
            ),
        ]
        return .object(properties, required: properties.map(\.name))
    }

    /// The compressor's keys, without `warnings`, as `show` gives them and `list` lists each.
    static var compressor: JSONSchema {
        let factor = JSONSchema.object(
            [("temperature", JSONSchema.integer(minimum: -20, maximum: 60).described("°C.")), ("factor", .number)],
            required: ["temperature", "factor"])
        let properties: [(name: String, schema: JSONSchema)] = [
            ("compressor", .string),
            ("filter_hours", JSONSchema.number.orNull.described("The cartridge's life at the reference temperature, hours; null when unknown.")),
            ("filter_factors", JSONSchema.array(of: factor).described("The correction chart in force; empty: every factor is 1.")),
            ("air_test_months", JSONSchema.integer(minimum: 1, maximum: 24).described("The air-test interval in force: its own, else the setting.")),
            ("retired", .boolean), ("meter", JSONSchema.number.orNull.described("The hour meter's last known reading; null before any.")),
            ("filter", filter),
            ("last_test", JSONSchema.either([test, .of(.null)]).described("The latest air test, with its verdict and due date; null when none.")),
            ("note", JSONSchema.string.orNull),
            (
                "changes",
                JSONSchema.array(of: .object([], required: ["at", "actor", "kind", "fields"])).described(
                    "The register's changes from the audit trail, as a cylinder's show gives them.")
            ),
        ]
        return .object(properties, required: properties.map(\.name))
    }

    /// One entry of a compressor's log.
    static var logEntry: JSONSchema {
        let base: [(name: String, schema: JSONSchema)] = [("id", .integer(minimum: 1)), ("at", time)]
        let run = JSONSchema.object(
            [("kind", constant("run"))] + base + [
                ("hours", hours("Hours the run counted (0 for a first meter reading).")),
                ("meter", JSONSchema.number.orNull.described("The hour meter after the run; null while it is unknown.")),
                ("temperature", JSONSchema.integer(minimum: -20, maximum: 60).orNull.described("Ambient °C; null when not given.")),
                ("operator", JSONSchema.string.orNull),
            ], required: ["kind", "id", "at", "hours", "meter", "temperature", "operator"])
        let change = JSONSchema.object(
            [("kind", constant("filter"))] + base + [("batch", JSONSchema.string.orNull)], required: ["kind", "id", "at", "batch"])
        let test = JSONSchema.object([("kind", constant("test"))] + testProperties, required: ["kind"] + testProperties.map(\.name))
        return JSONSchema.either([run, change, test]).described("A run, a cartridge change or an air test.")
    }
}

extension CompressorResult: DocumentedResult {
    static let schemaName = "Compressor"
    static var schema: JSONSchema {
        ResultSchemas.withWarnings(CompressorSchemas.compressor, required: true)
            .described("A compressor: its facts, meter, filter life, latest air test and the register's changes.")
    }
}

extension CompressorListResult: DocumentedResult {
    static let schemaName = "CompressorList"
    static var schema: JSONSchema {
        JSONSchema.array(of: CompressorSchemas.compressor).described("Every compressor, in name order, each as show gives it without warnings.")
    }
}

extension CompressorLogResult: DocumentedResult {
    static let schemaName = "CompressorLog"
    static var schema: JSONSchema {
        JSONSchema.array(of: CompressorSchemas.logEntry).described("A compressor's runs, cartridge changes and air tests, oldest first.")
    }
}

extension AirTestResult: DocumentedResult {
    static let schemaName = "AirTest"
    static var schema: JSONSchema {
        ResultSchemas.withWarnings(CompressorSchemas.test, required: true)
            .described("An air test as recorded, judged by EN 12021:2014: its values, verdict, failed components and due date.")
    }
}

extension DueResult: DocumentedResult {
    static let schemaName = "Due"
    static var schema: JSONSchema {
        let cylinder = JSONSchema.object(
            [
                ("kind", CompressorSchemas.constant("cylinder")), ("cylinder", .string),
                ("inspection", .enumeration(["hydrostatic", "visual"])), ("last", JSONSchema.string.described("YYYY-MM-DD.")),
                ("due", JSONSchema.string.described("Valid through this date, YYYY-MM-DD.")),
                ("days_left", JSONSchema.integer().described("Negative when overdue.")), ("overdue", .boolean),
            ], required: ["kind", "cylinder", "inspection", "last", "due", "days_left", "overdue"]
        ).described("A cylinder's inspection.")
        let compressor = JSONSchema.object(
            [
                ("kind", CompressorSchemas.constant("compressor")), ("compressor", .string),
                ("inspection", .enumeration(["air_test", "filter"])),
                ("last", JSONSchema.string.orNull.described("The last test's date, YYYY-MM-DD; null for a filter.")),
                ("due", JSONSchema.string.orNull.described("The test is valid through this date, YYYY-MM-DD; null for a filter.")),
                ("days_left", JSONSchema.integer().orNull.described("Negative when overdue; null for a filter.")),
                ("overdue", JSONSchema.boolean.described("The test overdue, or the filter exhausted.")),
                ("filter_remaining_percent", JSONSchema.integer().described("A filter's remaining life, a whole percent rounded down.")),
            ], required: ["kind", "compressor", "inspection", "last", "due", "days_left", "overdue"]
        ).described("A compressor's air test, or its filter at 10% of its life or less.")
        return JSONSchema.array(of: .either([cylinder, compressor])).described(
            "Compressors' filters at 10% of their life or less first, lowest first; then inspections and air tests, soonest first.")
    }
}
