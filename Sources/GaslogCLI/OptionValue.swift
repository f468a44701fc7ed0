import LogbookStore
import NitroxCalculator

/// A type that an option or argument can hold, declared once: how it is read
/// from text, and how help, the man page and completions present it.
protocol OptionValue: Sendable {
    /// Reads a value; a thrown error says why the text is not one.
    static func parse(_ text: String) throws -> Self
    /// The placeholder in help and usage: `gas` in `--o2 <gas>`.
    static var placeholder: String { get }
    /// The complete set of accepted values, where there is one. The parser
    /// enforces it, regardless of case.
    static var choices: [String] { get }
    /// What a shell offers for the value.
    static var completion: ValueCompletion { get }
}

extension OptionValue {
    static var choices: [String] { [] }
    static var completion: ValueCompletion { choices.isEmpty ? .none : .choices(choices) }
}

extension GasMix: OptionValue {
    static func parse(_ text: String) throws -> GasMix { try GasMix(parsing: text) }
    static var placeholder: String { "gas" }
    /// Common gas names; any percentage is accepted as well.
    static var completion: ValueCompletion { .gases }
}

extension GasReading: OptionValue {
    static func parse(_ text: String) throws -> GasReading { try GasReading(parsing: text) }
    static var placeholder: String { "gas" }
    static var completion: ValueCompletion { .gases }
}

/// A helium percentage, as `--he` and `--diver-he` take it: 0 to 95 with at
/// most one decimal, in tenths.
struct HeliumPercent: OptionValue {
    let permille: Int

    static func parse(_ text: String) throws -> HeliumPercent {
        let number = text.hasSuffix("%") ? String(text.dropLast()) : text
        guard let percent = Rational.parseDecimal(Substring(number), maximumFractionDigits: 1), percent >= Rational(0),
            percent <= Rational(95)
        else { throw FieldError("expected a helium percentage from 0 to 95 with at most one decimal") }
        return HeliumPercent(permille: (percent * Rational(10)).numerator)
    }
    static var placeholder: String { "percent" }
}

extension OxygenPartialPressure: OptionValue {
    static func parse(_ text: String) throws -> OxygenPartialPressure { try OxygenPartialPressure(parsing: text) }
    static var placeholder: String { "ppo2" }
}

extension UnitSystem: OptionValue {
    static func parse(_ text: String) throws -> UnitSystem {
        guard let unit = UnitSystem(name: text) else { throw ChoiceError(text: text, choices: choices) }
        return unit
    }
    static var placeholder: String { "unit" }
    static var choices: [String] { allCases.map(\.rawValue) }
}

extension DepthRounding: OptionValue {
    static func parse(_ text: String) throws -> DepthRounding {
        guard let rounding = DepthRounding(rawValue: text.lowercased()) else { throw ChoiceError(text: text, choices: choices) }
        return rounding
    }
    static var placeholder: String { "rule" }
    static var choices: [String] { allCases.map(\.rawValue) }
}

extension Timestamp: OptionValue {
    static func parse(_ text: String) throws -> Timestamp { try Timestamp(parsing: text) }
    static var placeholder: String { "time" }
}

extension CivilDate: OptionValue {
    static func parse(_ text: String) throws -> CivilDate { try CivilDate(parsing: text) }
    static var placeholder: String { "date" }
}

extension CylinderName: OptionValue {
    static func parse(_ text: String) throws -> CylinderName { try CylinderName(parsing: text) }
    static var placeholder: String { "name" }
    static var completion: ValueCompletion { .cylinders }
}

extension CylinderField: OptionValue {
    static func parse(_ text: String) throws -> CylinderField { try CylinderField(parsing: text) }
    static var placeholder: String { "field" }
    static var choices: [String] { allCases.map(\.rawValue) }
}

extension Setting: OptionValue {
    static func parse(_ text: String) throws -> Setting {
        guard let setting = Setting(rawValue: text) else {
            throw FieldError("unknown setting \(quoted(text)); the settings are " + allCases.map(\.key).joined(separator: ", "))
        }
        return setting
    }
    static var placeholder: String { "key" }
    static var completion: ValueCompletion { .choices(allCases.map(\.key)) }
}

extension Role: OptionValue {
    static func parse(_ text: String) throws -> Role {
        guard let role = Role(rawValue: text.lowercased()) else { throw ChoiceError(text: text, choices: choices) }
        return role
    }
    static var placeholder: String { "role" }
    static var choices: [String] { allCases.map(\.rawValue) }
}

extension AccountName: OptionValue {
    static func parse(_ text: String) throws -> AccountName { try AccountName(parsing: text) }
    static var placeholder: String { "name" }
}

/// A pressure as typed: a bare number is read in the preferred unit, which
/// is only known once the logbook's settings are, so the reading waits.
struct PressureEntry: OptionValue {
    let text: String

    static func parse(_ text: String) throws -> PressureEntry { PressureEntry(text: text) }
    static var placeholder: String { "pressure" }
}

/// The export formats.
enum ExportFormat: String, CaseIterable, OptionValue {
    case csv, json

    static func parse(_ text: String) throws -> ExportFormat {
        guard let format = ExportFormat(rawValue: text.lowercased()) else { throw ChoiceError(text: text, choices: choices) }
        return format
    }
    static var placeholder: String { "format" }
    static var choices: [String] { allCases.map(\.rawValue) }
}

/// When human output is styled.
enum ColorWhen: String, CaseIterable, OptionValue {
    case auto, always, never

    static func parse(_ text: String) throws -> ColorWhen {
        guard let when = ColorWhen(rawValue: text.lowercased()) else { throw ChoiceError(text: text, choices: choices) }
        return when
    }
    static var placeholder: String { "when" }
    static var choices: [String] { allCases.map(\.rawValue) }
}

/// A value outside an option's fixed set.
struct ChoiceError: Error, CustomStringConvertible {
    let text: String
    let choices: [String]

    /// `expected auto, always or never`.
    var description: String { "expected " + ChoiceError.list(choices) }

    static func list(_ choices: [String]) -> String {
        choices.count < 2 ? choices.joined() : choices.dropLast().joined(separator: ", ") + " or " + (choices.last ?? "")
    }
}
