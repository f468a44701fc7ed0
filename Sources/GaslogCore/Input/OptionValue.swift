import LogbookStore
import NitroxCalculator

/// A type that an option or argument can hold, declared once: how it is read
/// from text, and how help, the man page and completions present it.
public protocol OptionValue: Sendable {
    /// Reads a value; a thrown error says why the text is not one.
    static func parse(_ text: String) throws -> Self
    /// The placeholder in help and usage: `gas` in `--o2 <gas>`.
    static var placeholder: String { get }
    /// The complete set of accepted values, where there is one. The parser
    /// enforces it, regardless of case.
    static var choices: [String] { get }
    /// What a shell offers for the value.
    static var completion: ValueCompletion { get }
    /// What the value may be in the API, as strict as ``parse``: its
    /// OpenAPI document and the clients that read it check values by it.
    static var schema: JSONSchema { get }
}

extension OptionValue {
    public static var choices: [String] { [] }
    /// One of ``choices`` where there are some, else any string.
    public static var schema: JSONSchema { choices.isEmpty ? .string : .enumeration(choices) }
    public static var completion: ValueCompletion { choices.isEmpty ? .none : .choices(choices) }
}

extension GasMix: OptionValue {
    public static func parse(_ text: String) throws -> GasMix { try GasMix(parsing: text) }
    public static var placeholder: String { "gas" }
    /// A gas, as ``parse(_:)`` reads it.
    public static var schema: JSONSchema { ValueSchemas.gasMix }
    /// Common gas names; any percentage is accepted as well.
    public static var completion: ValueCompletion { .gases }
}

extension GasReading: OptionValue {
    public static func parse(_ text: String) throws -> GasReading { try GasReading(parsing: text) }
    public static var placeholder: String { "gas" }
    /// A gas reading, as ``parse(_:)`` reads it.
    public static var schema: JSONSchema { ValueSchemas.gasReading }
    public static var completion: ValueCompletion { .gases }
}

/// A helium percentage, as `--he` and `--diver-he` take it: 0 to 95 with at
/// most one decimal, in tenths.
public struct HeliumPercent: OptionValue {
    public let permille: Int

    public static func parse(_ text: String) throws -> HeliumPercent {
        let number = text.hasSuffix("%") ? String(text.dropLast()) : text
        guard let percent = Rational.parseDecimal(Substring(number), maximumFractionDigits: 1), percent >= Rational(0),
            percent <= Rational(95)
        else { throw FieldError("expected a helium percentage from 0 to 95 with at most one decimal") }
        return HeliumPercent(permille: (percent * Rational(10)).numerator)
    }
    public static var placeholder: String { "percent" }
    /// A helium percentage, as ``parse(_:)`` reads it.
    public static var schema: JSONSchema { ValueSchemas.helium }
}

extension OxygenPartialPressure: OptionValue {
    public static func parse(_ text: String) throws -> OxygenPartialPressure { try OxygenPartialPressure(parsing: text) }
    public static var placeholder: String { "ppo2" }
    /// A ppO₂ limit, as ``parse(_:)`` reads it.
    public static var schema: JSONSchema { ValueSchemas.partialPressure }
}

extension UnitSystem: OptionValue {
    public static func parse(_ text: String) throws -> UnitSystem {
        guard let unit = UnitSystem(name: text) else { throw ChoiceError(text: text, choices: choices) }
        return unit
    }
    public static var placeholder: String { "unit" }
    public static var choices: [String] { allCases.map(\.rawValue) }
}

extension DepthRounding: OptionValue {
    public static func parse(_ text: String) throws -> DepthRounding {
        guard let rounding = DepthRounding(rawValue: text.lowercased()) else { throw ChoiceError(text: text, choices: choices) }
        return rounding
    }
    public static var placeholder: String { "rule" }
    public static var choices: [String] { allCases.map(\.rawValue) }
}

extension Timestamp: OptionValue {
    public static func parse(_ text: String) throws -> Timestamp { try Timestamp(parsing: text) }
    public static var placeholder: String { "time" }
    /// A time, as ``parse(_:)`` reads it.
    public static var schema: JSONSchema { ValueSchemas.time }
}

extension CivilDate: OptionValue {
    public static func parse(_ text: String) throws -> CivilDate { try CivilDate(parsing: text) }
    public static var placeholder: String { "date" }
    /// A date, as ``parse(_:)`` reads it.
    public static var schema: JSONSchema { ValueSchemas.day }
}

extension CylinderName: OptionValue {
    public static func parse(_ text: String) throws -> CylinderName { try CylinderName(parsing: text) }
    public static var placeholder: String { "name" }
    /// 1 to 64 characters on one line, unique regardless of case.
    public static var schema: JSONSchema {
        ValueSchemas.name.described("A cylinder's name: 1 to 64 characters, unique regardless of case.")
    }
    public static var completion: ValueCompletion { .cylinders }
}

extension CylinderField: OptionValue {
    public static func parse(_ text: String) throws -> CylinderField { try CylinderField(parsing: text) }
    public static var placeholder: String { "field" }
    public static var choices: [String] { allCases.map(\.rawValue) }
}

extension Setting: OptionValue {
    public static func parse(_ text: String) throws -> Setting {
        guard let setting = Setting(rawValue: text) else {
            throw FieldError("unknown setting \(quoted(text)); the settings are " + allCases.map(\.key).joined(separator: ", "))
        }
        return setting
    }
    public static var placeholder: String { "key" }
    public static var completion: ValueCompletion { .choices(allCases.map(\.key)) }
    /// One of the keys, as ``parse(_:)`` reads it.
    public static var schema: JSONSchema { .enumeration(allCases.map(\.key)) }
}

extension Role: OptionValue {
    public static func parse(_ text: String) throws -> Role {
        guard let role = Role(rawValue: text.lowercased()) else { throw ChoiceError(text: text, choices: choices) }
        return role
    }
    public static var placeholder: String { "role" }
    public static var choices: [String] { allCases.map(\.rawValue) }
}

extension AccountName: OptionValue {
    public static func parse(_ text: String) throws -> AccountName { try AccountName(parsing: text) }
    public static var placeholder: String { "name" }
    /// A name on one line, as ``parse(_:)`` reads it.
    public static var schema: JSONSchema { ValueSchemas.name }
}

/// A pressure as typed: a bare number is read in the preferred unit, which
/// is only known once the logbook's settings are, so the reading waits.
public struct PressureEntry: OptionValue {
    public let text: String

    public static func parse(_ text: String) throws -> PressureEntry { PressureEntry(text: text) }
    public static var placeholder: String { "pressure" }
    /// A pressure, as ``parse(_:)`` reads it.
    public static var schema: JSONSchema { ValueSchemas.pressure }
}

/// The export formats.
public enum ExportFormat: String, CaseIterable, OptionValue {
    case csv, json

    public static func parse(_ text: String) throws -> ExportFormat {
        guard let format = ExportFormat(rawValue: text.lowercased()) else { throw ChoiceError(text: text, choices: choices) }
        return format
    }
    public static var placeholder: String { "format" }
    public static var choices: [String] { allCases.map(\.rawValue) }
}

/// When human output is styled.
public enum ColorWhen: String, CaseIterable, OptionValue {
    case auto, always, never

    public static func parse(_ text: String) throws -> ColorWhen {
        guard let when = ColorWhen(rawValue: text.lowercased()) else { throw ChoiceError(text: text, choices: choices) }
        return when
    }
    public static var placeholder: String { "when" }
    public static var choices: [String] { allCases.map(\.rawValue) }
}

/// A value outside an option's fixed set.
public struct ChoiceError: Error, CustomStringConvertible {
    public let text: String
    public let choices: [String]

    /// `expected auto, always or never`.
    public var description: String { "expected " + ChoiceError.list(choices) }

    public static func list(_ choices: [String]) -> String {
        choices.count < 2 ? choices.joined() : choices.dropLast().joined(separator: ", ") + " or " + (choices.last ?? "")
    }
}
