import Foundation
import Testing

// What the compressor-room acceptance tests (#28) compute for themselves:
// the filter life in exact fractions by the formula, its roundings,
// and the chart's interpolation, written here rather than taken from gaslog.

extension Exact {
    /// A decimal as typed: "1.4" is 7/5, "-0.35" is -7/20.
    init(decimal text: String) {
        let negative = text.hasPrefix("-")
        let digits = negative ? String(text.dropFirst()) : text
        let parts = digits.split(separator: ".", omittingEmptySubsequences: false)
        let fraction = parts.count > 1 ? String(parts[1]) : ""
        var scale = 1
        for _ in 0..<fraction.count { scale *= 10 }
        let magnitude = Int(parts[0])! * scale + (fraction.isEmpty ? 0 : Int(fraction)!)
        self.init(negative ? -magnitude : magnitude, scale)
    }

    /// Rounded down to a whole multiple of 1/`scale`.
    func floor(scale: Int) -> Int {
        let scaled = numerator * scale
        return scaled >= 0 ? scaled / denominator : -((-scaled + denominator - 1) / denominator)
    }

    /// Rounded up to a whole multiple of 1/`scale`.
    func ceiling(scale: Int) -> Int { -Exact(-numerator, denominator).floor(scale: scale) }
}

/// A manufacturer's chart as the issue types it, `10:1.4,20:1`, read here.
struct FilterChart {
    let points: [(temperature: Int, factor: Exact)]

    init(_ text: String) {
        points = text.split(separator: ",").map { pair in
            let parts = pair.split(separator: ":")
            return (Int(parts[0])!, Exact(decimal: String(parts[1])))
        }
    }

    /// The factor: linear between two temperatures, the nearest end's outside, 1 without a temperature.
    func factor(_ temperature: Int?) -> Exact {
        guard let temperature, let first = points.first, let last = points.last else { return Exact(1) }
        if temperature <= first.temperature { return first.factor }
        if temperature >= last.temperature { return last.factor }
        for (low, high) in zip(points, points.dropFirst()) where temperature <= high.temperature {
            let share = Exact(temperature - low.temperature, high.temperature - low.temperature)
            return low.factor + (high.factor - low.factor) * share
        }
        preconditionFailure("unreachable")
    }
}

/// Hundredths of a JSON number, or nil for anything else (a string, null).
func hundredths(_ value: Any?) -> Int? {
    guard let number = value as? NSNumber else { return nil }
    return Int((number.doubleValue * 100).rounded())
}

/// Tenths of a JSON number, or nil for anything else.
func tenths(_ value: Any?) -> Int? {
    guard let number = value as? NSNumber else { return nil }
    return Int((number.doubleValue * 10).rounded())
}

/// The fill-log header through #27, typed here: the compressor column goes after it.
let compressorRoomPriorHeader =
    "id,filled_at,cylinder,label,o2,ppo2,mod_m,mod_ft,pressure_bar,blender,diver,cert,diver_o2,note,void_reason,"
    + "override_reason,rounding,label_o2,he,diver_he,label_he,recorded_by,voided_by,start_bar,start_o2,start_he,top_off_o2,bill_to"

/// A set of air-test values that pass EN 12021 with room to spare, as options.
struct AirValues {
    var o2 = "20.9", co2 = "310", co = "0.8", oil = "0.05", water = "12.5", pressure = "232"

    var arguments: [String] {
        ["--o2", o2, "--co2", co2, "--co", co, "--oil", oil, "--water", water, "--pressure", pressure]
    }
}

extension Sandbox {
    /// A cylinder whose register facts pass every cylinder check until 2027-05, so that only the compressor's rules decide.
    func registeredCylinder(_ name: String = "Tank 12", sourceLocation: SourceLocation = #_sourceLocation) {
        ok(
            [
                "cylinder", "add", name, "--working-pressure", "232", "--volume", "12", "--hydro", "2025-02-01", "--visual", "2026-05-20",
                "--o2-clean",
            ], sourceLocation: sourceLocation)
    }

    /// Runs a command that must succeed and print a JSON object, and returns it.
    func object(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        let result = run(arguments)
        #expect(result.status == 0, "\(arguments): \(result)", sourceLocation: sourceLocation)
        return try #require(json(result) as? [String: Any], "\(arguments): \(result)", sourceLocation: sourceLocation)
    }

    /// `compressor show NAME --json`, parsed.
    func compressor(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        try object(["compressor", "show", name, "--json"], sourceLocation: sourceLocation)
    }

    /// The number of rows in `table`, by the sqlite3 shell.
    func count(_ table: String, where condition: String = "1") -> Int {
        Int(query("SELECT count(*) FROM \(table) WHERE \(condition)")) ?? -1
    }

    /// The names of the tables the compressor room added, from the schema itself.
    func compressorTables() -> [String] {
        query(
            "SELECT group_concat(name, ' ') FROM (SELECT name FROM sqlite_schema WHERE type = 'table' "
                + "AND (name LIKE '%compressor%' OR name LIKE '%air_test%') ORDER BY name)"
        ).split(separator: " ").map(String.init)
    }

    /// Runs a command that must fail with `status` and leave the logbook as it was.
    func refuses(
        _ arguments: [String], status: Int32, mentioning words: [String] = [], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let before = dump()
        let result = run(arguments)
        #expect(result.status == status, "\(arguments): \(result)", sourceLocation: sourceLocation)
        for word in words {
            #expect(result.stderr.contains(word), "\(arguments) should name \(word): \(result)", sourceLocation: sourceLocation)
        }
        #expect(dump() == before, "\(arguments) wrote to the logbook", sourceLocation: sourceLocation)
    }
}

extension Dictionary where Key == String, Value == Any {
    /// The nested object at `key`.
    func object(_ key: String) -> [String: Any]? { self[key] as? [String: Any] }
    func isNull(_ key: String) -> Bool { self[key] is NSNull }
}

/// The warnings of a command's JSON object.
func warnings(of object: [String: Any]) -> [[String: Any]] { object["warnings"] as? [[String: Any]] ?? [] }
