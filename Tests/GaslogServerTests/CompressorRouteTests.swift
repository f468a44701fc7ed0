import Foundation
import Testing

/// The compressor room over HTTP, through a real `gaslog-server` on a
/// loopback port: each route with its role, bad input at its field, the
/// filter's life against the issue's formula worked out here in exact
/// fractions, EN 12021 verdicts, and the fill's compressor checks; rows read
/// with the `sqlite3` shell.
@Suite("The compressor room over the API: register, runs, filter life, air tests and the fill's checks", .serialized)
struct CompressorRouteTests {
    let admin = Station.Credentials.basic("ada", "correct horse battery")
    let blender = Station.Credentials.basic("ben", "correct horse battery")
    let reader = Station.Credentials.basic("rita", "correct horse battery")

    /// A server with an admin, a blender, a reader and a cylinder in test.
    func clubServer() throws -> Station {
        let server = try Station.empty()
        try server.addAccount("ada", role: "admin")
        try server.addAccount("ben", role: "blender")
        try server.addAccount("rita", role: "reader")
        let today = String(Station.testDay.prefix(10))
        try server.cli(
            "cylinder", "add", "Club 07", "--volume", "12", "--working-pressure", "232", "--hydro", today, "--visual", today, "--o2-clean")
        return server
    }

    static func sqlite(_ server: Station, _ sql: String) throws -> String {
        try WarningRouteTests.sqlite(server.db, sql)
    }

    /// An exact fraction, for the filter's life as the issue defines it.
    struct Fraction: Equatable {
        var numerator: Int
        var denominator: Int

        init(_ numerator: Int, _ denominator: Int = 1) {
            let divisor = Fraction.gcd(abs(numerator), abs(denominator))
            let sign = denominator < 0 ? -1 : 1
            self.numerator = sign * numerator / max(divisor, 1)
            self.denominator = sign * denominator / max(divisor, 1)
        }

        static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
        static func + (a: Fraction, b: Fraction) -> Fraction {
            Fraction(a.numerator * b.denominator + b.numerator * a.denominator, a.denominator * b.denominator)
        }
        static func - (a: Fraction, b: Fraction) -> Fraction { a + Fraction(-b.numerator, b.denominator) }
        static func * (a: Fraction, b: Fraction) -> Fraction { Fraction(a.numerator * b.numerator, a.denominator * b.denominator) }
        static func / (a: Fraction, b: Fraction) -> Fraction { Fraction(a.numerator * b.denominator, a.denominator * b.numerator) }

        /// Hundredths, rounded up (`up`) or down.
        func hundredths(up: Bool) -> Int {
            let scaled = numerator * 100
            let floor = scaled >= 0 ? scaled / denominator : -((-scaled + denominator - 1) / denominator)
            return up && floor * denominator != scaled ? floor + 1 : floor
        }
    }

    /// The chart's factor at `celsius`: linear between two points, the nearest end's outside.
    static func factor(_ chart: [(Int, Fraction)], at celsius: Int) -> Fraction {
        if celsius <= chart[0].0 { return chart[0].1 }
        if celsius >= chart[chart.count - 1].0 { return chart[chart.count - 1].1 }
        let upper = chart.firstIndex { $0.0 >= celsius }!
        let (t0, f0) = chart[upper - 1], (t1, f1) = chart[upper]
        return f0 + (f1 - f0) * Fraction(celsius - t0, t1 - t0)
    }

    /// Hundredths as the JSON writes them: `3.13`.
    static func text(_ hundredths: Int) -> String {
        "\(hundredths / 100)." + String(format: "%02d", hundredths % 100)
    }

    /// The raw bytes of one key's number in a JSON text, as written: `"used":3.13`.
    static func written(_ key: String, in text: String) -> String? {
        guard let range = text.range(of: "\"\(key)\":") else { return nil }
        return String(text[range.upperBound...].prefix { $0 != "," && $0 != "}" })
    }

    @Test("The register: admins add (201 with Location), edit, retire and reinstate; readers read; others get 403; an unknown one is 404")
    func register() throws {
        let server = try clubServer()
        let added = server.request(
            "POST", "/api/v1/compressors", as: admin,
            json: #"{"compressor": "Bauer 1", "filter_hours": "30", "filter_factors": "10:1.4,20:1,30:0.6", "note": "room B"}"#)
        #expect(added.status == 201, "\(added.text)")
        #expect(added.headers["location"] == "/api/v1/compressors/Bauer%201")
        #expect(added.object["compressor"] as? String == "Bauer 1")
        #expect(added.object["air_test_months"] as? Int == 3)
        #expect((added.object["filter_factors"] as? [[String: Any]])?.count == 3)
        #expect(
            Set(added.object.keys) == [
                "compressor", "filter_hours", "filter_factors", "air_test_months", "retired", "meter", "filter", "last_test", "note", "changes",
                "warnings",
            ])
        #expect(server.request("POST", "/api/v1/compressors", as: blender, json: #"{"compressor": "Junior"}"#).status == 403)
        #expect(server.request("POST", "/api/v1/compressors", as: admin, json: #"{"compressor": "bauer 1"}"#).status == 422)
        #expect(try Self.sqlite(server, "SELECT name, created_at IS NOT NULL FROM compressors") == "Bauer 1|1\n")

        let edited = server.request("PATCH", "/api/v1/compressors/Bauer%201", as: admin, json: #"{"air_test_months": 6, "clear": ["note"]}"#)
        #expect(edited.status == 200, "\(edited.text)")
        #expect(edited.object["air_test_months"] as? Int == 6 && edited.object["note"] is NSNull)
        #expect(server.request("PATCH", "/api/v1/compressors/Bauer%201", as: blender, json: #"{"air_test_months": 6}"#).status == 403)

        let list = server.request("GET", "/api/v1/compressors", as: reader)
        #expect(list.status == 200)
        #expect((list.json as? [[String: Any]])?.map { $0["compressor"] as? String } == ["Bauer 1"])
        let shown = server.request("GET", "/api/v1/compressors/bauer%201", as: reader)
        #expect(shown.status == 200 && shown.object["compressor"] as? String == "Bauer 1")

        let retired = server.request("POST", "/api/v1/compressors/Bauer%201/retire", as: admin, json: #"{"reason": "rebuild"}"#)
        #expect(retired.status == 200 && retired.object["retired"] as? Bool == true, "\(retired.text)")
        #expect(server.request("POST", "/api/v1/compressors/Bauer%201/retire", as: admin, json: #"{"reason": "again"}"#).status == 422)
        #expect(server.request("POST", "/api/v1/compressors/Bauer%201/reinstate", as: blender, json: #"{"reason": "done"}"#).status == 403)
        let reinstated = server.request("POST", "/api/v1/compressors/Bauer%201/reinstate", as: admin, json: #"{"reason": "rebuilt"}"#)
        #expect(reinstated.status == 200 && reinstated.object["retired"] as? Bool == false)
        #expect(
            try Self.sqlite(server, "SELECT change, reason, made_by FROM compressor_versions ORDER BY id")
                == "add||ada\nedit||ada\nretire|rebuild|ada\nreinstate|rebuilt|ada\n")

        for path in ["/api/v1/compressors/Nobody", "/api/v1/compressors/Nobody/log"] {
            let missing = server.request("GET", path, as: reader)
            #expect(missing.status == 404 && missing.error["code"] as? String == "not_found", "\(path): \(missing.text)")
        }
        #expect(server.request("POST", "/api/v1/compressors/Nobody/runs", as: blender, json: #"{"hours": "1"}"#).status == 404)
    }

    @Test("Runs: filter used is Σ hours ÷ factor exactly, rounded up to two decimals; remaining down; meter readings; bad input at its field")
    func runsAndFilterLife() throws {
        let server = try clubServer()
        let chart: [(Int, Fraction)] = [(10, Fraction(140, 100)), (20, Fraction(1)), (30, Fraction(60, 100))]
        #expect(
            server.request(
                "POST", "/api/v1/compressors", as: admin,
                json: #"{"compressor": "Bauer 1", "filter_hours": "30", "filter_factors": "10:1.4,20:1,30:0.6"}"#
            ).status == 201)
        // The first meter reading only sets the meter.
        let first = server.request("POST", "/api/v1/compressors/Bauer%201/runs", as: blender, json: #"{"meter": "100"}"#)
        #expect(first.status == 200, "\(first.text)")
        #expect(Self.written("meter", in: first.text) == "100.00")
        // Hours (hundredths) and the temperature of each run: inside the chart, below it, above it, and from the meter.
        let runs: [(body: String, hundredths: Int, celsius: Int?)] = [
            (#"{"hours": "2.5", "temperature": 25, "operator": "Ann"}"#, 250, 25),
            (#"{"hours": "1.25", "temperature": 5}"#, 125, 5),
            (#"{"hours": "0.7", "temperature": 13}"#, 70, 13),
            (#"{"meter": "105.00", "temperature": 45}"#, 10_500 - (10_000 + 250 + 125 + 70), 45),
            (#"{"hours": "3"}"#, 300, nil),
        ]
        var used = Fraction(0)
        var run = 0
        var last = first
        for item in runs {
            let answer = server.request("POST", "/api/v1/compressors/Bauer%201/runs", as: blender, json: item.body)
            #expect(answer.status == 200, "\(item.body): \(answer.text)")
            let factor = item.celsius.map { Self.factor(chart, at: $0) } ?? Fraction(1)
            used = used + Fraction(item.hundredths, 100) / factor
            run += item.hundredths
            let filter = answer.object["filter"] as? [String: Any] ?? [:]
            let usedUp = used.hundredths(up: true)
            let remaining = (Fraction(30) - used).hundredths(up: false)
            #expect(Self.written("used", in: answer.text) == Self.text(usedUp), "\(item.body)")
            #expect(Self.written("remaining", in: answer.text) == Self.text(remaining), "\(item.body)")
            #expect(Self.written("hours_run", in: answer.text) == Self.text(run), "\(item.body)")
            #expect(filter["remaining_percent"] as? Int == ((Fraction(30) - used) / Fraction(30)).hundredths(up: false), "\(item.body)")
            last = answer
        }
        // 0.7 h at 13 °C: 1.4 + 3/10 × (1 − 1.4) = 1.28; the meter's run at 45 °C takes the chart's end, 0.6.
        #expect(Self.factor(chart, at: 13) == Fraction(128, 100))
        #expect(Self.written("meter", in: last.text) == "108.00")

        // Bad input is 400 at its field, and writes nothing.
        let before = try Self.sqlite(server, "SELECT count(*) FROM compressor_log")
        for (body, field) in [
            (#"{"hours": "1", "meter": "120"}"#, "meter"), (#"{"hours": "1.234"}"#, "hours"), (#"{"hours": "25"}"#, "hours"),
            (#"{"meter": "-1"}"#, "meter"), (#"{"meter": "ten"}"#, "meter"), (#"{"hours": "1", "temperature": 61}"#, "temperature"),
            (#"{}"#, "hours"),
        ] {
            let refused = server.request("POST", "/api/v1/compressors/Bauer%201/runs", as: blender, json: body)
            #expect(refused.status == 400 && refused.error["field"] as? String == field, "\(body): \(refused.text)")
        }
        // A reading below the last is refused by the log's rules.
        let backwards = server.request("POST", "/api/v1/compressors/Bauer%201/runs", as: blender, json: #"{"meter": "107.99"}"#)
        #expect(backwards.status == 422 && backwards.error["code"] as? String == "refused", "\(backwards.text)")
        #expect(server.request("POST", "/api/v1/compressors/Bauer%201/runs", as: reader, json: #"{"hours": "1"}"#).status == 403)
        #expect(try Self.sqlite(server, "SELECT count(*) FROM compressor_log") == before)
        #expect(
            try Self.sqlite(
                server, "SELECT hundredths_of_hours, meter_hundredths, temperature, operator, recorded_by FROM compressor_log ORDER BY id LIMIT 2")
                == "0|10000|||ben\n250|10250|25|Ann|ben\n")

        // A cartridge change starts the life again, for blenders.
        #expect(server.request("POST", "/api/v1/compressors/Bauer%201/filters", as: reader, json: #"{"batch": "L7"}"#).status == 403)
        let changed = server.request("POST", "/api/v1/compressors/Bauer%201/filters", as: blender, json: #"{"batch": "L7"}"#)
        #expect(changed.status == 200, "\(changed.text)")
        let filter = changed.object["filter"] as? [String: Any] ?? [:]
        #expect(filter["batch"] as? String == "L7" && filter["remaining_percent"] as? Int == 100)
        #expect(Self.written("used", in: changed.text) == "0.00" && Self.written("remaining", in: changed.text) == "30.00")
        #expect(try Self.sqlite(server, "SELECT kind, batch FROM compressor_log WHERE kind = 'filter'") == "filter|L7\n")

        let log = server.request("GET", "/api/v1/compressors/Bauer%201/log", as: reader)
        let entries = try #require(log.json as? [[String: Any]])
        #expect(entries.map { $0["kind"] as? String } == Array(repeating: "run", count: 6) + ["filter"])
    }

    @Test("Air tests: admins only, every value needed, pressure at least 40, and the EN 12021 verdict with its failed limits and due date")
    func airTests() throws {
        let server = try clubServer()
        #expect(server.request("POST", "/api/v1/compressors", as: admin, json: #"{"compressor": "Bauer 1"}"#).status == 201)
        let good = #""o2": "21", "co2": 500, "co": "5", "oil": "0.5", "water": "50""#
        #expect(server.request("POST", "/api/v1/compressors/Bauer%201/tests", as: blender, json: "{\(good), \"pressure\": 200}").status == 403)
        for (body, field) in [
            ("{\(good), \"pressure\": 39}", "pressure"), (#"{"o2": "21", "co2": 500, "oil": "0.5", "water": "50", "pressure": 200}"#, "co"),
            ("{\(good), \"pressure\": 200, \"at\": \"2999-01-01\"}", "at"),
            (#"{"o2": "21.05", "co2": 1, "co": "1", "oil": "0", "water": "1", "pressure": 200}"#, "o2"),
        ] {
            let refused = server.request("POST", "/api/v1/compressors/Bauer%201/tests", as: admin, json: body)
            #expect(refused.status == 400 && refused.error["field"] as? String == field, "\(body): \(refused.text)")
        }
        #expect(try Self.sqlite(server, "SELECT count(*) FROM air_tests") == "0\n")

        // Every value at its limit passes, at 200 bar.
        let passed = server.request(
            "POST", "/api/v1/compressors/Bauer%201/tests", as: admin,
            json: "{\(good), \"pressure\": 200, \"at\": \"2026-08-31\", \"lab\": \"Dräger\"}")
        #expect(passed.status == 200, "\(passed.text)")
        #expect(passed.object["passed"] as? Bool == true && (passed.object["failed"] as? [String]) == [])
        #expect(passed.object["standard"] as? String == "EN 12021:2014")
        // Valid through the same calendar day 3 months later, a month end clamping.
        #expect(passed.object["due"] as? String == "2026-11-30")
        #expect(passed.object["warnings"] as? [Any] != nil)
        // Above 200 bar, water's limit is 35; CO2 one over.
        let failed = server.request(
            "POST", "/api/v1/compressors/Bauer%201/tests", as: admin,
            json: #"{"o2": "19.9", "co2": 501, "co": "5", "oil": "0.5", "water": "35.1", "pressure": 201}"#)
        #expect(failed.status == 200, "\(failed.text)")
        #expect(failed.object["passed"] as? Bool == false)
        #expect(failed.object["failed"] as? [String] == ["o2", "co2", "water"])
        #expect(Self.written("o2", in: failed.text) == "19.9" && Self.written("oil", in: failed.text) == "0.50")
        #expect(
            try Self.sqlite(
                server, "SELECT o2_permille, co2_ppm, co_decippm, oil_centimg, water_decimg, pressure_bar, standard FROM air_tests ORDER BY id")
                == "210|500|50|50|500|200|EN 12021:2014\n199|501|50|50|351|201|EN 12021:2014\n")
        let shown = server.request("GET", "/api/v1/compressors/Bauer%201", as: reader)
        let lastTest = shown.object["last_test"] as? [String: Any] ?? [:]
        #expect(lastTest["passed"] as? Bool == false && lastTest["pressure"] as? Int == 201)
    }

    @Test("A fill with a compressor whose air failed is refused (422, air_test_failed) and recorded with an override; unknown facts warn")
    func fillChecks() throws {
        let server = try clubServer()
        for name in ["Bauer 1", "Junior"] {
            #expect(server.request("POST", "/api/v1/compressors", as: admin, json: "{\"compressor\": \"\(name)\"}").status == 201)
        }
        #expect(
            server.request(
                "POST", "/api/v1/compressors/Bauer%201/tests", as: admin,
                json: #"{"o2": "21", "co2": 600, "co": "1", "oil": "0.1", "water": "20", "pressure": 300}"#
            ).status == 200)
        let refused = server.request("POST", "/api/v1/fills", as: blender, json: #"{"cylinder": "Club 07", "o2": 32, "compressor": "Bauer 1"}"#)
        #expect(refused.status == 422, "\(refused.text)")
        #expect(refused.error["code"] as? String == "refused")
        #expect(refused.error["rules"] as? [String] == ["air_test_failed"])
        #expect((refused.error["message"] as? String)?.contains("CO2") == true)
        #expect(try Self.sqlite(server, "SELECT count(*) FROM fills") == "0\n")

        let overridden = server.request(
            "POST", "/api/v1/fills", as: blender,
            json: #"{"cylinder": "Club 07", "o2": 32, "compressor": "Bauer 1", "override": "retest booked, bank air"}"#)
        #expect(overridden.status == 201, "\(overridden.text)")
        #expect(overridden.object["compressor"] as? String == "Bauer 1")
        let warnings = overridden.object["warnings"] as? [[String: Any]] ?? []
        #expect(warnings.contains { $0["code"] as? String == "overridden" && $0["rules"] as? [String] == ["air_test_failed"] })
        #expect(
            try Self.sqlite(server, "SELECT c.name, f.override_reason FROM fills AS f JOIN compressors AS c ON c.id = f.compressor_id")
                == "Bauer 1|retest booked, bank air\n")

        // A compressor with no test and no filter hours: a warning of its own, naming it.
        let unknown = server.request("POST", "/api/v1/fills", as: blender, json: #"{"cylinder": "Club 07", "o2": 21, "compressor": "junior"}"#)
        #expect(unknown.status == 201, "\(unknown.text)")
        let facts = (unknown.object["warnings"] as? [[String: Any]] ?? []).first { $0["compressor"] != nil }
        #expect(facts?["code"] as? String == "unknown_facts" && facts?["compressor"] as? String == "Junior")
        #expect(facts?["facts"] as? [String] == ["air_test", "filter_hours"])
        let unknownCompressor = server.request(
            "POST", "/api/v1/fills", as: blender, json: #"{"cylinder": "Club 07", "o2": 21, "compressor": "Nobody"}"#)
        #expect(unknownCompressor.status == 404, "\(unknownCompressor.text)")

        // Due lists the compressor's test with the rows' kind.
        let due = server.request("GET", "/api/v1/due?within=400", as: reader)
        let rows = try #require(due.json as? [[String: Any]])
        let row = rows.first { $0["kind"] as? String == "compressor" }
        #expect(row?["compressor"] as? String == "Bauer 1" && row?["inspection"] as? String == "air_test", "\(due.text)")
        #expect(rows.filter { $0["kind"] as? String == "cylinder" }.allSatisfy { $0["cylinder"] as? String == "Club 07" })
    }
}

/// The compressor room's operations in the generated OpenAPI document:
/// each route with its result's schema and its roles, and the keys the
/// issue adds to the fill, the warnings and `due`.
@Suite("The compressor room in the OpenAPI document")
struct CompressorDocumentTests {
    static var schemas: [String: [String: Any]] {
        (OpenAPIDocumentTests.document["components"] as? [String: Any])?["schemas"] as? [String: [String: Any]] ?? [:]
    }

    @Test("Each compressor route has its result's schema, 201 for an addition, and 403 where it needs more than a reader")
    func operations() throws {
        let expected: [(method: String, path: String, schema: String, status: String, forbidden: Bool)] = [
            ("GET", "/api/v1/compressors", "CompressorList", "200", false),
            ("GET", "/api/v1/compressors/{name}", "Compressor", "200", false),
            ("GET", "/api/v1/compressors/{name}/log", "CompressorLog", "200", false),
            ("POST", "/api/v1/compressors", "Compressor", "201", true),
            ("PATCH", "/api/v1/compressors/{name}", "Compressor", "200", true),
            ("POST", "/api/v1/compressors/{name}/retire", "Compressor", "200", true),
            ("POST", "/api/v1/compressors/{name}/reinstate", "Compressor", "200", true),
            ("POST", "/api/v1/compressors/{name}/runs", "Compressor", "200", true),
            ("POST", "/api/v1/compressors/{name}/filters", "Compressor", "200", true),
            ("POST", "/api/v1/compressors/{name}/tests", "AirTest", "200", true),
            ("GET", "/api/v1/due", "Due", "200", false),
        ]
        for route in expected {
            let operation = try BillingDocumentTests.operation(route.method, route.path)
            let responses = operation["responses"] as? [String: [String: Any]] ?? [:]
            let content = (responses[route.status]?["content"] as? [String: [String: Any]])?["application/json"]
            #expect((content?["schema"] as? [String: Any])?["$ref"] as? String == "#/components/schemas/" + route.schema, "\(route.path)")
            #expect(responses.keys.contains("403") == route.forbidden, "\(route.method) \(route.path)")
            if route.path.contains("{name}") {
                let name = OpenAPIDocumentTests.parameters(operation, in: "path").first
                #expect(name?["example"] as? String == "Bauer 1", "\(route.path)")
            }
        }
        let runs = try BillingDocumentTests.operation("POST", "/api/v1/compressors/{name}/runs")
        #expect(BillingDocumentTests.bodyKeys(runs) == ["hours", "meter", "temperature", "at", "operator"])
        let tests = try BillingDocumentTests.operation("POST", "/api/v1/compressors/{name}/tests")
        let required = Set(OpenAPIDocumentTests.bodySchema(tests)?["required"] as? [String] ?? [])
        #expect(required == ["o2", "co2", "co", "oil", "water", "pressure"])
        #expect(BillingDocumentTests.bodyKeys(try BillingDocumentTests.operation("POST", "/api/v1/fills")).contains("compressor"))
    }

    @Test("The schemas carry the issue's keys: show's, the fill's compressor, the warning's compressor, and due's kinds")
    func schemas() throws {
        let compressor = try #require(Self.schemas["Compressor"])
        #expect(
            Set(compressor["required"] as? [String] ?? []) == [
                "compressor", "filter_hours", "filter_factors", "air_test_months", "retired", "meter", "filter", "last_test", "note", "changes",
                "warnings",
            ])
        let properties = compressor["properties"] as? [String: [String: Any]] ?? [:]
        #expect(
            Set(properties["filter"]?["required"] as? [String] ?? []) == [
                "changed_at", "batch", "hours_run", "used", "remaining", "remaining_percent",
            ])
        let test = try #require(Self.schemas["AirTest"])
        #expect(
            Set(test["required"] as? [String] ?? []).isSuperset(of: [
                "id", "at", "o2", "co2", "co", "oil", "water", "pressure", "standard", "passed", "failed", "due", "warnings",
            ]))
        let fill = Self.schemas["Fill"]?["properties"] as? [String: Any] ?? [:]
        #expect(fill["compressor"] != nil)
        let warning = Self.schemas["Warning"]?["properties"] as? [String: [String: Any]] ?? [:]
        #expect(warning["compressor"] != nil)
        #expect(((warning["facts"]?["items"] as? [String: Any])?["enum"] as? [String])?.contains("filter_hours") == true)
        let rows = ((Self.schemas["Due"]?["items"] as? [String: Any])?["oneOf"] as? [[String: Any]]) ?? []
        #expect(rows.map { ($0["properties"] as? [String: [String: Any]])?["kind"]?["const"] as? String } == ["cylinder", "compressor"])
        let codes =
            (((Self.schemas["Error"]?["properties"] as? [String: [String: Any]])?["error"]?["properties"] as? [String: [String: Any]])?["rules"]?[
                "items"]
            as? [String: Any])?["enum"] as? [String] ?? []
        #expect(Set(["compressor_retired", "air_test_failed", "air_test_overdue", "filter_exhausted"]).isSubset(of: Set(codes)))
    }
}
