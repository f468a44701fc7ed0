/// A breathing gas: oxygen and helium in tenths of a percent, the rest
/// nitrogen. Nitrox has no helium; trimix has all three; heliox has no
/// nitrogen.
///
/// Tenths are the finest resolution gaslog accepts (an analyser reads to
/// 0.1%), so integers hold every accepted mix exactly.
public struct GasMix: Sendable, Hashable, Comparable {
    /// The oxygen contents of a nitrox, in tenths of a percent: 21–100%.
    public static let oxygenPermilleRange = 210...1000
    /// The oxygen contents of a mix with helium: 5–100%.
    public static let heliumMixOxygenPermilleRange = 50...1000
    /// The helium contents of a mix with helium: 1–95%.
    public static let heliumPermilleRange = 10...950
    /// Air, taken as 21% oxygen.
    public static let air = GasMix(unchecked: 210)
    /// Pure oxygen.
    public static let oxygen = GasMix(unchecked: 1000)

    /// Oxygen in tenths of a percent: 320 is EAN 32, 325 is EAN 32.5.
    public let oxygenPermille: Int
    /// Helium in tenths of a percent; 0 for nitrox.
    public let heliumPermille: Int

    private init(unchecked permille: Int) {
        oxygenPermille = permille
        heliumPermille = 0
    }

    /// A mix from its oxygen and helium in tenths of a percent, if they are
    /// in range: 21–100% O2 without helium; with it, 5–100% O2 and 1–95%
    /// helium, together at most 100%.
    public init?(oxygenPermille: Int, heliumPermille: Int = 0) {
        if heliumPermille == 0 {
            guard GasMix.oxygenPermilleRange.contains(oxygenPermille) else { return nil }
        } else {
            guard GasMix.heliumMixOxygenPermilleRange.contains(oxygenPermille), GasMix.heliumPermilleRange.contains(heliumPermille),
                oxygenPermille + heliumPermille <= 1000
            else { return nil }
        }
        self.oxygenPermille = oxygenPermille
        self.heliumPermille = heliumPermille
    }

    /// Nitrogen in tenths of a percent: what oxygen and helium leave.
    public var nitrogenPermille: Int { 1000 - oxygenPermille - heliumPermille }

    /// The oxygen fraction, exactly: 0.325 for EAN 32.5.
    public var oxygenFraction: Rational { Rational(oxygenPermille, 1000) }
    /// The helium fraction, exactly.
    public var heliumFraction: Rational { Rational(heliumPermille, 1000) }
    /// The nitrogen fraction, exactly.
    public var nitrogenFraction: Rational { Rational(nitrogenPermille, 1000) }

    /// Whether the mix holds helium.
    public var hasHelium: Bool { heliumPermille > 0 }

    /// The oxygen percentage as written in labels, JSON and CSV: `32`, `32.5`.
    public var percentText: String { Rational.formatScaled(oxygenPermille, fractionDigits: 1) }
    /// The helium percentage, written the same way: `45`, `45.5`.
    public var heliumPercentText: String { Rational.formatScaled(heliumPermille, fractionDigits: 1) }

    /// "Air" at exactly 21%, "Oxygen" at 100%, otherwise "EAN 32" or
    /// "EAN 32.5"; with helium "Tx 18/45", or "Heliox 21/79" without nitrogen.
    public var label: String {
        if hasHelium {
            return (nitrogenPermille == 0 ? "Heliox " : "Tx ") + percentText + "/" + heliumPercentText
        }
        switch oxygenPermille {
        case 210: return "Air"
        case 1000: return "Oxygen"
        default: return "EAN " + percentText
        }
    }

    /// Orders mixes by oxygen, leanest first, and at equal oxygen the one
    /// with more helium first: the later of two is the one to plan depths
    /// with, since more oxygen is shallower and less helium more narcotic.
    public static func < (lhs: GasMix, rhs: GasMix) -> Bool {
        (lhs.oxygenPermille, rhs.heliumPermille) < (rhs.oxygenPermille, lhs.heliumPermille)
    }

    static let acceptedForms =
        "a percentage from 21 to 100 with at most one decimal (32, 32.5, 32%), a gas name (air, oxygen, O2, EAN32, EANx32, Nx32), "
        + "or O2/helium in percent (18/45, Tx 18/45, Trimix 18/45, Heliox 21/79)"

    /// Reads a mix as a diver writes it.
    ///
    /// Accepts `32`, `32.5`, `32%`, and, in any case, `air`, `oxygen`, `O2`,
    /// `EAN32`, `EAN 32`, `EANx32`, `Nx32` and `Nitrox 32`; and a mix with
    /// helium as O2/He: `18/45`, `Tx 18/45`, `Tx18/45`, `TMX 18/45`,
    /// `Trimix 18/45`, `Heliox 21/79`.
    public init(parsing text: String) throws(CalculatorInputError) {
        let reading = try GasReading(parsing: text)
        guard let mix = reading.mix(helium: nil) else {
            throw CalculatorInputError("gas \(quoted(text)) is out of range: expected \(GasMix.rangeText(for: reading))")
        }
        self = mix
    }

    /// What a mix must be, in words: the helium ranges for a reading with
    /// helium, else every accepted form.
    public static func rangeText(for reading: GasReading, helium: Int? = nil) -> String {
        (reading.heliumPermille ?? helium ?? 0) > 0
            ? "with helium, O2 from 5 to 100% and helium from 1 to 95%, together at most 100%" : acceptedForms
    }
}

/// A gas as typed, before its ranges are checked: O2, and helium when the
/// text gave it. `--o2 18 --he 45` is valid only once both are known.
public struct GasReading: Sendable, Equatable {
    /// Oxygen in tenths of a percent.
    public let oxygenPermille: Int
    /// Helium in tenths of a percent, when the text wrote one (`18/45`).
    public let heliumPermille: Int?

    /// Reads any spelling ``GasMix/init(parsing:)`` accepts, without checking ranges.
    public init(parsing text: String) throws(CalculatorInputError) {
        // Most input is a plain percentage; it needs no lowercasing.
        if let permille = GasReading.permille(Substring(text)) {
            self.init(oxygenPermille: permille, heliumPermille: nil)
            return
        }
        let lowered = text.lowercased()
        switch lowered {
        case "air":
            self.init(oxygenPermille: 210, heliumPermille: nil)
            return
        case "oxygen", "o2":
            self.init(oxygenPermille: 1000, heliumPermille: nil)
            return
        default:
            break
        }
        var body = Substring(lowered)
        var helium = false, nitrox = false, heliox = false
        for (prefix, withHelium) in [
            ("nitrox", false), ("eanx", false), ("ean", false), ("nx", false), ("trimix", true), ("heliox", true), ("tmx", true), ("tx", true),
        ]
        where body.hasPrefix(prefix) {
            body = body.dropFirst(prefix.count)
            if body.first == " " { body = body.dropFirst() }
            helium = withHelium
            nitrox = !withHelium
            heliox = prefix == "heliox"
            break
        }
        let invalid = CalculatorInputError("invalid gas \(quoted(text)): expected \(GasMix.acceptedForms)")
        if let slash = body.firstIndex(of: "/") {
            guard let oxygen = GasReading.permille(body[..<slash]), let he = GasReading.permille(body[body.index(after: slash)...]) else {
                throw invalid
            }
            // A name must say what the numbers say: EAN and nitrox hold no
            // helium, and a heliox no nitrogen.
            if nitrox && he != 0 {
                throw CalculatorInputError("invalid gas \(quoted(text)): a nitrox has no helium; write a trimix as 18/45 or Tx 18/45")
            }
            if heliox && oxygen + he != 1000 {
                throw CalculatorInputError("invalid gas \(quoted(text)): a heliox has no nitrogen, so O2 and helium add up to 100")
            }
            self.init(oxygenPermille: oxygen, heliumPermille: he)
            return
        }
        // "Tx 18" names no helium; a trimix is written with both numbers.
        guard !helium else { throw invalid }
        if body.last == "%" { body = body.dropLast() }
        guard let oxygen = GasReading.permille(body) else { throw invalid }
        self.init(oxygenPermille: oxygen, heliumPermille: nil)
    }

    /// A reading with these parts.
    public init(oxygenPermille: Int, heliumPermille: Int?) {
        self.oxygenPermille = oxygenPermille
        self.heliumPermille = heliumPermille
    }

    /// A percentage with at most one decimal, in tenths, in or out of range;
    /// `nil` for anything else.
    static func permille(_ text: Substring) -> Int? {
        guard let percent = Rational.parseDecimal(text, maximumFractionDigits: 1) else { return nil }
        let permille = percent * Rational(10)
        guard permille.isInteger else { return nil }
        return permille.numerator
    }

    /// The mix, with `helium` (from a separate option) when the text gave
    /// none; `nil` when out of range.
    public func mix(helium: Int?) -> GasMix? {
        GasMix(oxygenPermille: oxygenPermille, heliumPermille: heliumPermille ?? helium ?? 0)
    }
}
