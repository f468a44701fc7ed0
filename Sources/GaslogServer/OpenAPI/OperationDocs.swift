import GaslogCore
import NitroxCalculator

/// The words of every operation, by `METHOD /path` as the route table
/// writes it. A route without an entry here fails the document's test.
enum OperationDocs {
    static let all: [String: OperationDoc] = [
        "GET /healthz": OperationDoc(
            id: "health", tag: .service, summary: "Whether the logbook can be read and written",
            description:
                "HEAD is answered too. A look at the logbook's header, schema and free space, never a scan. 503 with {\"status\": \"unwritable\"} when its file system has less than 64 MiB free or the file cannot be opened for writing, and {\"status\": \"damaged\"} when its header or schema cannot be read or its schema version is not this server's.",
            success: "The logbook can be read and written.", schema: .named("Health"), errors: [405, 413, 503]),
        "GET /api/v1/openapi.json": OperationDoc(
            id: "openapi", tag: .service, summary: "This document",
            description: "The OpenAPI 3.1 description of the API, generated from the server's route table and its inputs' and results' types.",
            success: "The document.", schema: .named("Document"), errors: [401, 405, 413, 503]),
        "GET /api/v1/mod": OperationDoc(
            id: "modOfMix", tag: .calculations, summary: "Maximum operating depth of a mix",
            description: "A pure calculation, as `gaslog mod --o2`: nothing is stored.", success: "The MOD.",
            schema: .named(MaximumDepthResult.mixSchemaName),
            needs: ["o2"]),
        "GET /api/v1/cylinders": OperationDoc(
            id: "listCylinders", tag: .cylinders, summary: "Every cylinder with its current gas",
            description: "As `gaslog list --json`: one element per cylinder, with its current gas's label, O2, ppO₂ and MOD.",
            success: "The cylinders.", schema: .array(of: CurrentGasEntry.reference)),
        "GET /api/v1/cylinders/{name}": OperationDoc(
            id: "showCylinder", tag: .cylinders, summary: "One cylinder",
            description:
                "As `gaslog cylinder show --json`: its register facts, when its inspections fall due, its current gas and its history.",
            success: "The cylinder.", schema: CylinderResult.reference),
        "GET /api/v1/cylinders/{name}/mod": OperationDoc(
            id: "modOfCylinder", tag: .cylinders, summary: "Maximum operating depth of a cylinder's current gas",
            description:
                "As `gaslog mod CYLINDER --json`. A cylinder without a current gas is refused (422); o2 and he are refused beside a cylinder.",
            success: "The cylinder's current gas and its MOD.", schema: .named(MaximumDepthResult.cylinderSchemaName)),
        "POST /api/v1/cylinders": OperationDoc(
            id: "addCylinder", tag: .cylinders, summary: "Add a cylinder to the register", description: "As `gaslog cylinder add`.",
            success: "The cylinder added.", schema: CylinderResult.reference,
            example: .object([
                ("cylinder", .string("Club 07")), ("serial", .string("AB1234")), ("volume", .integer(12)),
                ("working_pressure", .string("232bar")), ("hydro", .string("2024-03-01")), ("o2_clean", .bool(true)),
            ])),
        "PATCH /api/v1/cylinders/{name}": OperationDoc(
            id: "editCylinder", tag: .cylinders, summary: "Change a cylinder's register facts",
            description: "As `gaslog cylinder edit`: keys given are set, facts in clear are emptied, the rest are kept.",
            success: "The cylinder as it now is.", schema: CylinderResult.reference,
            example: .object([("visual", .string("2026-11-29")), ("clear", .array([.string("owner")]))])),
        "POST /api/v1/cylinders/{name}/retire": OperationDoc(
            id: "retireCylinder", tag: .cylinders, summary: "Retire a cylinder",
            description: "As `gaslog cylinder retire`: it is never deleted, and can no longer be filled.",
            success: "The cylinder as it now is.", schema: CylinderResult.reference,
            example: .object([("reason", .string("failed hydrostatic test"))])),
        "GET /api/v1/compressors": OperationDoc(
            id: "listCompressors", tag: .compressors, summary: "Every compressor with its filter life and latest air test",
            description: "As `gaslog compressor list --json`: one element per compressor, in name order, each as show gives it.",
            success: "The compressors."),
        "GET /api/v1/compressors/{name}": OperationDoc(
            id: "showCompressor", tag: .compressors, summary: "One compressor",
            description:
                "As `gaslog compressor show --json`: its facts, hour meter, the filter hours used and remaining since the last cartridge change (used rounded up, remaining down), its latest air test with the verdict and due date, and the register's changes.",
            success: "The compressor."),
        "GET /api/v1/compressors/{name}/log": OperationDoc(
            id: "compressorLog", tag: .compressors, summary: "A compressor's runs, cartridge changes and air tests",
            description: "As `gaslog compressor log --json`: in time order, each with its kind (run, filter or test).", success: "The entries."),
        "POST /api/v1/compressors": OperationDoc(
            id: "addCompressor", tag: .compressors, summary: "Add a compressor to the register", description: "As `gaslog compressor add`.",
            success: "The compressor added.",
            example: .object([
                ("compressor", .string("Bauer 1")), ("filter_hours", .string("30")), ("filter_factors", .string("10:1.4,20:1,30:0.6,40:0.35")),
                ("air_test_months", .integer(3)),
            ])),
        "PATCH /api/v1/compressors/{name}": OperationDoc(
            id: "editCompressor", tag: .compressors, summary: "Change a compressor's facts",
            description:
                "As `gaslog compressor edit`: keys given are set, facts in clear are emptied, the rest are kept. A new chart applies to runs recorded from then on.",
            success: "The compressor as it now is.", example: .object([("air_test_months", .integer(6)), ("clear", .array([.string("note")]))])),
        "POST /api/v1/compressors/{name}/retire": OperationDoc(
            id: "retireCompressor", tag: .compressors, summary: "Retire a compressor",
            description: "As `gaslog compressor retire`: it is never deleted, and a fill from it is refused (compressor_retired).",
            success: "The compressor as it now is.", example: .object([("reason", .string("worn out"))])),
        "POST /api/v1/compressors/{name}/reinstate": OperationDoc(
            id: "reinstateCompressor", tag: .compressors, summary: "Put a retired compressor back in service",
            description: "As `gaslog compressor reinstate`.", success: "The compressor as it now is.",
            example: .object([("reason", .string("rebuilt"))])),
        "POST /api/v1/compressors/{name}/runs": OperationDoc(
            id: "recordCompressorRun", tag: .compressors, summary: "Record a compressor run",
            description:
                "As `gaslog compressor run`: give hours or meter (the hour meter after the run), never both. A meter reading below the last is refused (422).",
            success: "The compressor, with its new meter and filter life.",
            example: .object([("hours", .string("1.5")), ("temperature", .integer(25)), ("operator", .string("Ann"))])),
        "POST /api/v1/compressors/{name}/filters": OperationDoc(
            id: "recordFilterChange", tag: .compressors, summary: "Record a cartridge change",
            description: "As `gaslog compressor filter`: the filter's life starts again.", success: "The compressor, with its new cartridge.",
            example: .object([("batch", .string("L2026-114"))])),
        "POST /api/v1/compressors/{name}/tests": OperationDoc(
            id: "recordAirTest", tag: .compressors, summary: "Record a breathing-air test",
            description:
                "As `gaslog compressor test`: every value is needed, and the test is judged by EN 12021:2014 (O2 20.0–22.0 %, CO2 ≤ 500 ml/m³, CO ≤ 5 ml/m³, oil ≤ 0.5 mg/m³, water ≤ 50 mg/m³ at 40–200 bar or ≤ 35 above 200 bar; a value at its limit passes). A pressure below 40 bar is refused (400).",
            success: "The test, with its verdict.",
            example: .object([
                ("o2", .string("20.9")), ("co2", .integer(380)), ("co", .string("0.5")), ("oil", .string("0.05")), ("water", .string("20")),
                ("pressure", .integer(300)), ("lab", .string("Dräger kit")),
            ])),
        "POST /api/v1/fills": OperationDoc(
            id: "recordFill", tag: .fills, summary: "Record a fill",
            description:
                "As `gaslog fill`: the fill-station checks run against the register first (the compressor's too, when `compressor` or the default-compressor setting names one), and a refusal lists its rules (422) unless override gives a reason. What the checks could not settle comes back in warnings.",
            success: "The fill recorded.",
            example: .object([
                ("cylinder", .string("Club 07")), ("o2", .integer(32)), ("pressure", .string("232bar")), ("blender", .string("Ann")),
                ("diver", .string("Bo")), ("diver_o2", .number("32.2")),
            ])),
        "GET /api/v1/fills": OperationDoc(
            id: "listFills", tag: .fills, summary: "The fill history, newest first",
            description: "As `gaslog log --json`: the export's keys, then each fill's MOD and pressure in the unit.", success: "The fills.",
            schema: .array(of: .named(ResultJSON.loggedFillName))),
        "GET /api/v1/fills/{id}": OperationDoc(
            id: "showFill", tag: .fills, summary: "One fill", description: "The fill with the export's keys. Takes no query parameters.",
            success: "The fill.", schema: FillRecord.reference),
        "GET /api/v1/fills/{id}/tag": OperationDoc(
            id: "fillTag", tag: .fills, summary: "The tag for a fill", description: "As `gaslog tag --json`.", success: "The tag."),
        "POST /api/v1/fills/{id}/void": OperationDoc(
            id: "voidFill", tag: .fills, summary: "Mark a fill void",
            description: "As `gaslog void`: nothing is deleted, and a fill is voided once (409 the second time).",
            success: "The fill, now void.", example: .object([("reason", .string("analyser not calibrated"))]), conflicts: true),
        "POST /api/v1/fills/{id}/adjustments": OperationDoc(
            id: "adjustCharge", tag: .billing, summary: "Correct a fill's charge with an adjustment",
            description:
                "As `gaslog charge adjust`: the adjustment goes to the fill's member, positive or negative; the charge itself is never edited. An unknown fill is 404.",
            success: "The adjustment, as the statement lists it.",
            example: .object([("amount", .string("-2.21")), ("reason", .string("helium analyser read high"))])),
        "GET /api/v1/export": OperationDoc(
            id: "exportFills", tag: .fills, summary: "Export the fill log",
            description:
                "As `gaslog export`: CSV (RFC 4180, UTF-8, CRLF line ends) or JSON, in the order the fills were recorded, with the log's filters.",
            success: "The fills: CSV with a header record, or a JSON array.",
            content: [("text/csv", .string), ("application/json", .array(of: FillRecord.reference))]),
        "POST /api/v1/import": OperationDoc(
            id: "importFills", tag: .fills, summary: "Import fills from CSV",
            description:
                "As `gaslog import`: all or nothing; rows already in the log are skipped. The CSV is the export's, and a file without the later appended columns is accepted.",
            success: "What was (or, on a dry run, would be) imported.", schema: ImportSummary.reference, file: importCSV),
        "GET /api/v1/backup": OperationDoc(
            id: "backupLogbook", tag: .logbook, summary: "A consistent copy of the logbook",
            description:
                "As `gaslog backup`: the logbook as one SQLite file, copied with SQLite's online backup API while fills go on being recorded, and checked (integrity, foreign keys, schema version, audit trail) before it is sent. Takes no query parameters.",
            success: "The copy, a SQLite database file without a write-ahead log.",
            content: [("application/vnd.sqlite3", binary)], errors: [400, 401, 403, 404, 405, 503]),
        "GET /api/v1/due": OperationDoc(
            id: "dueInspections", tag: .cylinders, summary: "Inspections and air tests overdue or falling due soon, and filters nearly spent",
            description:
                "As `gaslog due --json`: compressors' filters with 10% of their life or less first, then cylinders' inspections and compressors' air tests, soonest first; retired cylinders and compressors and unknown dates are left out.",
            success: "The rows, each with its kind: cylinder or compressor."),
        "GET /api/v1/best-mix": OperationDoc(
            id: "bestMix", tag: .calculations, summary: "The richest nitrox, or with end the best trimix, for a depth",
            description: "As `gaslog best-mix --json`. When even air is too rich for the depth, it is refused (422).",
            success: "The best mix."),
        "GET /api/v1/ead": OperationDoc(
            id: "equivalentAirDepth", tag: .calculations, summary: "Equivalent air depth of a nitrox at a depth",
            description: "As `gaslog ead --json`. A depth where the mix is not breathable is 422.", success: "The EAD."),
        "GET /api/v1/end": OperationDoc(
            id: "equivalentNarcoticDepth", tag: .calculations, summary: "Equivalent narcotic depth and gas density at a depth",
            description: "As `gaslog end --json`. A depth where the mix is not breathable is 422.", success: "The END and density."),
        "GET /api/v1/ppo2": OperationDoc(
            id: "partialPressure", tag: .calculations, summary: "The ppO₂ of a mix at a depth", description: "As `gaslog ppo2 --json`.",
            success: "The ppO₂."),
        "GET /api/v1/table": OperationDoc(
            id: "modTable", tag: .calculations, summary: "A nitrox MOD table",
            description: "As `gaslog table --json`: one row per O2 percentage, one MOD per ppO₂ column.", success: "The rows."),
        "POST /api/v1/blend": OperationDoc(
            id: "planBlend", tag: .calculations, summary: "Plan a partial-pressure blend",
            description:
                "As `gaslog blend --json`, from what a logged cylinder holds. Nothing is stored. A cylinder not oxygen-clean, or a target above its working pressure, is refused (422) unless override gives a reason.",
            success: "The plan.",
            example: .object([("cylinder", .string("Club 07")), ("target", .integer(36)), ("to", .integer(200)), ("from", .integer(50))])),
        "GET /api/v1/bills": OperationDoc(
            id: "showBills", tag: .billing, summary: "Each member's statement for a period",
            description:
                "As `gaslog bill --json`: per member, the period's fills with their litres and amounts, the adjustments and payments, the period's totals and the balance from the start of the log to `until`; then the fills whose gas was not priced. Amounts are decimal strings with two decimals.",
            success: "The statements."),
        "GET /api/v1/prices": OperationDoc(
            id: "listPrices", tag: .billing, summary: "Every price set",
            description: "As `gaslog price list --json`: by item, then in the order they take effect.", success: "The prices."),
        "PUT /api/v1/prices/{item}": OperationDoc(
            id: "setPrice", tag: .billing, summary: "Set an item's price from a date on",
            description: "As `gaslog price set`: fills already charged keep their charges.", success: "The price as stored.",
            example: .object([("price", .string("0.012")), ("effective", .string("2026-01-01"))])),
        "POST /api/v1/payments": OperationDoc(
            id: "addPayment", tag: .billing, summary: "Record a payment", description: "As `gaslog payment add`.",
            success: "The payment recorded.",
            example: .object([("member", .string("Bo")), ("amount", .string("25.00")), ("reference", .string("receipt 117"))])),
        "POST /api/v1/payments/{id}/void": OperationDoc(
            id: "voidPayment", tag: .billing, summary: "Void a payment",
            description: "As `gaslog payment void`: nothing is deleted, and a payment is voided once (409 the second time).",
            success: "The payment, now void.", example: .object([("reason", .string("entered twice"))]), conflicts: true),
        "GET /api/v1/config": OperationDoc(
            id: "listSettings", tag: .settings, summary: "Every setting", description: "As `gaslog config list --json`.",
            success: "The settings."),
        "PUT /api/v1/config/{key}": OperationDoc(
            id: "setSetting", tag: .settings, summary: "Change a setting", description: "As `gaslog config set`.",
            success: "The setting and the value stored.", schema: SettingResult.reference,
            example: .object([("value", .string("imperial"))])),
    ]

    /// An example of each path parameter, by name: records that a fresh
    /// logbook with one cylinder and one fill holds.
    static let pathExamples: [String: JSONValue] = [
        "name": .string("Club 07"), "id": .integer(1), "key": .string("unit"), "item": .string("oxygen"),
    ]

    /// The example of a path parameter on `path`: a compressor's name on a compressor's path.
    static func pathExample(_ name: String, on path: String) -> JSONValue? {
        if name == "name", path.hasPrefix("/api/v1/compressors/") { return .string("Bauer 1") }
        return pathExamples[name]
    }

    /// The import's CSV: the export's header record, then its rows.
    static var importCSV: JSONSchema {
        let header = FillLogFormat.baseColumns.joined(separator: ",")
        return JSONSchema.string.matching("^" + header)
            .described("The export's CSV: its header record (" + header + ", and any later columns), then one record per fill.")
            .examples(.string(FillLogFormat.csvHeader))
    }

    private static var binary: JSONSchema {
        var schema = JSONSchema.string
        schema.format = "binary"
        return schema
    }
}
