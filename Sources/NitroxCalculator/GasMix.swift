/// A nitrox mix: oxygen in tenths of a percent, the rest nitrogen.
///
/// Tenths are the finest resolution gaslog accepts (an analyser reads to
/// 0.1%), so an integer holds every accepted mix exactly.
public struct GasMix: Sendable, Hashable, Comparable {
    /// The oxygen contents gaslog accepts, in tenths of a percent: 21–100%.
    public static let oxygenPermilleRange = 210...1000
    /// Air, taken as 21% oxygen.
    public static let air = GasMix(unchecked: 210)
    /// Pure oxygen.
    public static let oxygen = GasMix(unchecked: 1000)

    /// Oxygen in tenths of a percent: 320 is EAN 32, 325 is EAN 32.5.
    public let oxygenPermille: Int

    private init(unchecked permille: Int) {
        oxygenPermille = permille
    }

    /// A mix from its oxygen in tenths of a percent, if it is within 21–100%.
    public init?(oxygenPermille: Int) {
        guard GasMix.oxygenPermilleRange.contains(oxygenPermille) else { return nil }
        self.oxygenPermille = oxygenPermille
    }

    /// The oxygen fraction, exactly: 0.325 for EAN 32.5.
    public var oxygenFraction: Rational { Rational(oxygenPermille, 1000) }

    /// The percentage as written in labels, JSON and CSV: `32`, `32.5`.
    public var percentText: String { Rational.formatScaled(oxygenPermille, fractionDigits: 1) }

    /// "Air" at exactly 21%, "Oxygen" at 100%, otherwise "EAN 32" or "EAN 32.5".
    public var label: String {
        switch oxygenPermille {
        case 210: "Air"
        case 1000: "Oxygen"
        default: "EAN " + percentText
        }
    }

    /// Orders mixes by oxygen content, leanest first.
    public static func < (lhs: GasMix, rhs: GasMix) -> Bool {
        lhs.oxygenPermille < rhs.oxygenPermille
    }

    static let acceptedForms =
        "a percentage from 21 to 100 with at most one decimal (32, 32.5, 32%) "
        + "or a gas name (air, oxygen, O2, EAN32, EANx32, Nx32)"

    /// Reads a mix as a diver writes it.
    ///
    /// Accepts `32`, `32.5`, `32%`, and, in any case, `air`, `oxygen`, `O2`,
    /// `EAN32`, `EAN 32`, `EANx32`, `Nx32` and `Nitrox 32`.
    public init(parsing text: String) throws(CalculatorInputError) {
        // Most input is a plain percentage; it needs no lowercasing.
        if let percent = Rational.parseDecimal(Substring(text), maximumFractionDigits: 1),
            let mix = GasMix(oxygenPermille: (percent * Rational(10)).numerator), percent.denominator <= 10
        {
            self = mix
            return
        }
        let lowered = text.lowercased()
        switch lowered {
        case "air":
            self = .air
            return
        case "oxygen", "o2":
            self = .oxygen
            return
        default:
            break
        }
        var number = Substring(lowered)
        for prefix in ["nitrox", "eanx", "ean", "nx"] where number.hasPrefix(prefix) {
            number = number.dropFirst(prefix.count)
            if number.first == " " { number = number.dropFirst() }
            break
        }
        if number.last == "%" { number = number.dropLast() }
        guard let percent = Rational.parseDecimal(number, maximumFractionDigits: 1) else {
            throw CalculatorInputError("invalid gas \(quoted(text)): expected \(GasMix.acceptedForms)")
        }
        let permille = percent * Rational(10)
        guard permille.isInteger, let mix = GasMix(oxygenPermille: permille.numerator) else {
            throw CalculatorInputError("gas \(quoted(text)) is out of range: expected \(GasMix.acceptedForms)")
        }
        self = mix
    }
}
