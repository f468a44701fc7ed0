import Foundation
import Testing

// What the gas-accounting tests (#27) compute for themselves: the issue's
// litres for the ideal gas in exact fractions, its roundings, and money as
// cents, all in integer arithmetic written here rather than taken from gaslog.

/// An exact fraction, in lowest terms with a positive denominator.
struct Exact: Equatable, Comparable, CustomStringConvertible {
    let numerator: Int
    let denominator: Int

    init(_ numerator: Int, _ denominator: Int = 1) {
        precondition(denominator != 0)
        func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? abs(a) : gcd(b, a % b) }
        let divisor = max(gcd(numerator, denominator), 1) * (denominator < 0 ? -1 : 1)
        self.numerator = numerator / divisor
        self.denominator = denominator / divisor
    }

    static func + (a: Exact, b: Exact) -> Exact {
        Exact(a.numerator * b.denominator + b.numerator * a.denominator, a.denominator * b.denominator)
    }
    static func - (a: Exact, b: Exact) -> Exact { a + Exact(-b.numerator, b.denominator) }
    static func * (a: Exact, b: Exact) -> Exact { Exact(a.numerator * b.numerator, a.denominator * b.denominator) }
    static func / (a: Exact, b: Exact) -> Exact { Exact(a.numerator * b.denominator, a.denominator * b.numerator) }
    static func < (a: Exact, b: Exact) -> Bool { a.numerator * b.denominator < b.numerator * a.denominator }

    /// Rounded to a whole multiple of 1/`scale`, halves away from zero (up, for the non-negative amounts here).
    func rounded(scale: Int) -> Int {
        let twice = numerator * scale * 2
        return twice >= 0 ? (twice + denominator) / (2 * denominator) : -((-twice + denominator) / (2 * denominator))
    }

    var description: String { "\(numerator)/\(denominator)" }
}

/// The litres a fill used under the ideal gas, by the formulas (no
/// amount here comes out negative, so no clamping is needed): quantities
/// V·P·x; H = Δh, T = Δn / tₙ, O = Δo − T·tₒ.
struct IdealUse {
    let oxygen: Exact, helium: Exact, topOff: Exact

    /// Volume in litres, pressures in bar, gases as O2 and helium percentages.
    init(litres: Exact, from start: Exact, gas: (o2: Int, he: Int), to pressure: Exact, mix: (o2: Int, he: Int), topOff: Int = 21) {
        func quantity(_ bar: Exact, _ percent: Int) -> Exact { litres * bar * Exact(percent, 100) }
        let addedHelium = quantity(pressure, mix.he) - quantity(start, gas.he)
        let addedNitrogen = quantity(pressure, 100 - mix.o2 - mix.he) - quantity(start, 100 - gas.o2 - gas.he)
        let addedOxygen = quantity(pressure, mix.o2) - quantity(start, gas.o2)
        let topOffLitres = addedNitrogen / Exact(100 - topOff, 100)
        precondition(!(addedHelium < Exact(0)) && !(topOffLitres < Exact(0)), "a fill without clamping, please")
        oxygen = addedOxygen - topOffLitres * Exact(topOff, 100)
        precondition(!(oxygen < Exact(0)), "a fill without clamping, please")
        helium = addedHelium
        self.topOff = topOffLitres
    }
}

/// Litres to the millilitre, halves up: what the issue stores.
func millilitres(_ litres: Exact) -> Int { litres.rounded(scale: 1000) }
/// Litres to the whole litre, halves up: what the issue shows.
func wholeLitres(_ litres: Exact) -> Int { litres.rounded(scale: 1) }

/// A price typed as a decimal, in millionths: "0.012" is 12000.
func micro(_ price: String) -> Int {
    let parts = price.split(separator: ".", omittingEmptySubsequences: false)
    let fraction = parts.count > 1 ? String(parts[1]) : ""
    precondition(fraction.count <= 6)
    return Int(parts[0])! * 1_000_000 + Int(fraction + String(repeating: "0", count: 6 - fraction.count))!
}

/// Litres times a price in millionths, in cents rounded halves away from zero.
func cents(_ litres: Exact, price micro: Int) -> Int { (litres * Exact(micro, 10_000)).rounded(scale: 1) }

/// Cents as the issue writes amounts: two decimals, "12.34", "-2.21".
func money(_ cents: Int) -> String {
    let magnitude = abs(cents)
    return (cents < 0 ? "-" : "") + "\(magnitude / 100)." + (magnitude % 100 < 10 ? "0" : "") + "\(magnitude % 100)"
}

extension Sandbox {
    /// The row count of every table gas accounting touches, by the sqlite3 shell.
    func rowCounts() -> String {
        let tables = ["fills", "voids", "charges", "adjustments", "payments", "payment_voids", "prices", "settings", "cylinders", "audit"]
        return query("SELECT " + tables.map { "'\($0)=' || (SELECT count(*) FROM \($0))" }.joined(separator: " || ' ' || "))
    }

    /// `bill --json`, parsed.
    func bill(_ arguments: String..., sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: Any] {
        let result = run(["bill", "--json"] + arguments)
        #expect(result.status == 0, "\(result)", sourceLocation: sourceLocation)
        return try #require(json(result) as? [String: Any], "\(result)", sourceLocation: sourceLocation)
    }
}

extension Dictionary where Key == String, Value == Any {
    /// The statement of the member spelled `name`, or of the member `null` for `nil`.
    func member(_ name: String?) -> [String: Any]? {
        (self["members"] as? [[String: Any]])?.first { entry in
            if let name { return entry["member"] as? String == name }
            return entry["member"] is NSNull
        }
    }

    func fills() -> [[String: Any]] { self["fills"] as? [[String: Any]] ?? [] }
    func string(_ key: String) -> String? { self[key] as? String }
    func int(_ key: String) -> Int? { (self[key] as? NSNumber)?.intValue }
}
