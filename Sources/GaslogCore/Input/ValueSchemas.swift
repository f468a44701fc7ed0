import LogbookStore
import NitroxCalculator

/// The schemas of the values inputs take, as strict as their readers: a
/// client that sends what a schema allows is refused only for what no
/// schema can say (a trimix whose gases add up to more than 100%, a date
/// that does not exist). Patterns are ECMA 262, anchored.
public enum ValueSchemas {
    /// A gas as ``GasReading`` reads it: an O2 percentage, 5 to 100 (a
    /// helium input may come beside it), a name, or O2/helium.
    public static var gasReading: JSONSchema {
        gas(percentage: anyOxygen, minimum: "5")
            .described(
                "A gas: oxygen as a percentage with at most one decimal (32, 32.5, \"32%\"; 21 to 100 without helium) or a name (air, oxygen, O2, EAN32, EANx32, Nx32); or O2/helium (\"18/45\", \"Tx 18/45\", \"Trimix 18/45\", \"Heliox 21/79\"), O2 5 to 100 and helium 1 to 95, together at most 100."
            )
    }

    /// A gas as ``GasMix`` reads it: a nitrox of 21 to 100% O2, a name, or O2/helium.
    public static var gasMix: JSONSchema {
        gas(percentage: nitroxOxygen, minimum: "21")
            .described(
                "A gas: oxygen as a percentage from 21 to 100 with at most one decimal (32, 32.5, \"32%\") or a name (air, oxygen, O2, EAN32, EANx32, Nx32); or O2/helium (\"18/45\", \"Tx 18/45\", \"Trimix 18/45\", \"Heliox 21/79\"), O2 5 to 100 and helium 1 to 95, together at most 100."
            )
    }

    /// A nitrox, as a table's rows take it: 21 to 100% O2, or a name, without helium.
    public static var nitrox: JSONSchema {
        let nitrox = ["nitrox", "eanx", "ean", "nx"].map(anyCase).joined(separator: "|")
        let names = ["air", "oxygen", "o2"].map(anyCase).joined(separator: "|")
        return JSONSchema.of(.string, .number).bounded("21", "100")
            .matching("^(?:\(nitroxOxygen)%?|\(names)|(?:\(nitrox)) ?\(nitroxOxygen)%?)$")
            .described("A nitrox: oxygen as a percentage from 21 to 100 with at most one decimal, or a name (air, EAN32); no helium.")
            .examples(.integer(28), .string("EAN36"))
    }

    /// A step in percentage points, 0.1 to 79 with at most one decimal.
    public static var step: JSONSchema {
        JSONSchema.of(.string, .number).bounded("0.1", "79")
            .matching("^(?:0\\.[1-9]|(?:[1-9]|[1-6][0-9]|7[0-8])(?:\\.[0-9])?|79(?:\\.0)?)$")
            .described("A step in percentage points, 0.1 to 79 with at most one decimal.")
            .examples(.integer(1), .string("0.5"))
    }

    /// ppO₂ limits separated by commas, each 1.0 to 1.6.
    public static var partialPressures: JSONSchema {
        let one = "1(?:\\.(?:[0-5][0-9]?|60?)?)?"
        return JSONSchema.of(.string, .number).bounded("1", "1.6")
            .matching("^\(one)(?:,\(one))*$")
            .described("ppO₂ limits in bar separated by commas, each 1.0 to 1.6 with at most two decimals.")
            .examples(.string("1.2,1.4,1.6"), .number("1.4"))
    }

    /// A cylinder's volume: litres, or cubic feet at working pressure.
    public static var volume: JSONSchema {
        let suffixes = ["litres", "liters", "litre", "liter", "l", "cuft", "cu ft", "ft3", "cf"].map(anyCase).joined(separator: "|")
        return JSONSchema.of(.string, .number).bounded("0.1", "1000")
            .matching("^(?:(?:[1-9][0-9]{0,2})(?:\\.[0-9])?|0\\.[1-9]|1000(?:\\.0)?)(?: ?(?:\(suffixes)|ft³))?$")
            .described(
                "Water capacity in litres (12, \"12L\") or gas capacity at working pressure in cubic feet (\"80cuft\"), above 0 and at most 1000 with at most one decimal; a bare number is in the unit in force."
            )
            .examples(.integer(12), .string("12L"), .string("80cuft"))
    }

    /// Register facts to empty, by name, separated by commas.
    public static var fields: JSONSchema {
        let field = "(?:" + CylinderField.allCases.map { anyCase($0.rawValue) }.joined(separator: "|") + ")"
        return JSONSchema.string.matching("^\(field)(?:,\(field))*$")
            .described("Facts to empty, separated by commas: " + CylinderField.allCases.map(\.rawValue).joined(separator: ", ") + ".")
            .examples(.string("owner"), .string("hydro,visual"))
    }

    /// A helium percentage, 0 to 95 with at most one decimal.
    public static var helium: JSONSchema {
        JSONSchema.of(.string, .number).bounded("0", "95")
            .matching("^(?:(?:[0-9]|[1-8][0-9]|9[0-4])(?:\\.[0-9])?|95(?:\\.0)?)%?$")
            .described("Helium in percent, 0 to 95 with at most one decimal (45, \"45%\").")
            .examples(.integer(45), .string("35"))
    }

    /// A ppO₂ limit, 1.0 to 1.6 bar with at most two decimals.
    public static var partialPressure: JSONSchema {
        let range = OxygenPartialPressure.centibarRange
        let (low, high) = (Rational(range.lowerBound, 100), Rational(range.upperBound, 100))
        return JSONSchema.of(.string, .number)
            .bounded(low.decimalString(maximumFractionDigits: 2), high.decimalString(maximumFractionDigits: 2))
            .matching("^1(?:\\.(?:[0-5][0-9]?|60?)?)?$")
            .described("A ppO₂ limit in bar, 1.0 to 1.6 with at most two decimals.")
            .examples(.number("1.4"), .string("1.6"))
    }

    /// A pressure: a bare number in the unit in force, or with `bar` or `psi`.
    public static var pressure: JSONSchema {
        JSONSchema.of(.string, .number).bounded("0", "4500")
            .matching("^[0-9]{1,4}(?:\\.[0-9])? ?(?:[Bb][Aa][Rr]|[Pp][Ss][Ii])?$")
            .described(
                "A pressure, up to 300 bar or 4500 psi with at most one decimal: 232, \"232bar\" or \"3000psi\"; a bare number is in the unit in force."
            )
            .examples(.integer(232), .string("232bar"), .string("3000psi"))
    }

    /// A depth, read in the unit in force: 0 to 150 m or 0 to 500 ft.
    public static var depth: JSONSchema {
        JSONSchema.of(.string, .number).bounded("0", "500")
            .matching("^(?:[0-9]|[1-9][0-9]|[1-4][0-9][0-9]|500)(?:\\.[0-9])?$")
            .described("A depth in the unit in force, 0 to 150 m or 0 to 500 ft, with at most one decimal.")
            .examples(.integer(30), .string("33.5"))
    }

    /// A moment, as ``Timestamp`` reads it.
    public static var time: JSONSchema {
        JSONSchema.string.matching("^\(date)(?:[T ](?:[01][0-9]|2[0-3]):[0-5][0-9](?::[0-5][0-9])?(?:Z|[+-](?:0[0-9]|1[0-4]):?[0-5][0-9])?)?$")
            .described(
                "A time, local to the logbook unless it carries Z or an offset: \"2026-11-29 19:00\", \"2026-11-29T08:00Z\", \"2026-11-29T20:00+01:00\", or a date alone (the first moment of that local day)."
            )
            .examples(.string("2026-11-29 19:00"), .string("2026-11-29T08:00Z"), .string("2026-01-01"))
    }

    /// A day, `YYYY-MM-DD`.
    public static var day: JSONSchema {
        var schema = JSONSchema.string.matching("^\(date)$").described("A date, YYYY-MM-DD.")
        schema.format = "date"
        return schema
    }

    /// A name or number read off a screen: one line, 1 to 64 characters, no control characters.
    public static var name: JSONSchema {
        JSONSchema.string.matching(
            "^\(textCharacter)*\(visibleCharacter)\(textCharacter)*$", minimumLength: 1, maximumLength: FillText.maximumNameLength)
    }

    /// A note or reason: up to 1,000 characters, line breaks allowed.
    public static var note: JSONSchema {
        JSONSchema.string.matching(
            "^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F]*[^\\s\\u0000-\\u001F\\u007F-\\u009F][^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F]*$",
            minimumLength: 1, maximumLength: FillText.maximumNoteLength)
    }

    /// A whole number, as an integer or its decimal text.
    public static func wholeNumber(_ range: ClosedRange<Int>) -> JSONSchema {
        JSONSchema.of(.integer, .string).bounded(String(range.lowerBound), String(range.upperBound)).matching("^[0-9]+$")
    }

    // MARK: Parts

    /// `YYYY-MM-DD`, 1900 to 9999.
    private static let date = "(?:19[0-9][0-9]|[2-9][0-9][0-9][0-9])-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12][0-9]|3[01])"
    private static let textCharacter = "[^\\u0000-\\u001F\\u007F-\\u009F]"
    private static let visibleCharacter = "[^\\s\\u0000-\\u001F\\u007F-\\u009F]"
    /// 21 to 100, at most one decimal.
    private static let nitroxOxygen = "(?:(?:2[1-9]|[3-9][0-9])(?:\\.[0-9])?|100(?:\\.0)?)"
    /// 5 to 100, at most one decimal.
    private static let anyOxygen = "(?:(?:[5-9]|[1-9][0-9])(?:\\.[0-9])?|100(?:\\.0)?)"
    /// 1 to 95, at most one decimal.
    private static let someHelium = "(?:(?:[1-9]|[1-8][0-9]|9[0-4])(?:\\.[0-9])?|95(?:\\.0)?)"

    /// A word in either case, letter by letter: `[Aa][Ii][Rr]`.
    private static func anyCase(_ word: String) -> String {
        word.map { character in
            let lower = String(character).lowercased(), upper = String(character).uppercased()
            return lower == upper ? lower : "[\(upper)\(lower)]"
        }.joined()
    }

    private static func gas(percentage: String, minimum: String) -> JSONSchema {
        let nitrox = ["nitrox", "eanx", "ean", "nx"].map(anyCase).joined(separator: "|")
        let trimix = ["trimix", "tmx", "tx", "heliox"].map(anyCase).joined(separator: "|")
        let names = ["air", "oxygen", "o2"].map(anyCase).joined(separator: "|")
        let forms = [
            "\(percentage)%?", names, "(?:\(nitrox)) ?\(nitroxOxygen)%?", "(?:(?:\(trimix)) ?)?\(anyOxygen)/\(someHelium)",
        ]
        return JSONSchema.of(.string, .number).bounded(minimum, "100")
            .matching("^(?:" + forms.joined(separator: "|") + ")$")
            .examples(.integer(32), .string("EAN32"), .string("18/45"))
    }
}
