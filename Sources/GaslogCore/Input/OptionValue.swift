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
    /// None, unless the type lists its values.
    public static var choices: [String] { [] }
    /// One of ``choices`` where there are some, else any string.
    public static var schema: JSONSchema { choices.isEmpty ? .string : .enumeration(choices) }
    /// Its choices, where it has some.
    public static var completion: ValueCompletion { choices.isEmpty ? .none : .choices(choices) }
}

extension GasMix: OptionValue {
    /// Reads a value from its text; a thrown error says why it is not one.
    public static func parse(_ text: String) throws -> GasMix { try GasMix(parsing: text) }
    /// The placeholder in help and usage.
    public static var placeholder: String { "gas" }
    /// A gas, as ``parse(_:)`` reads it.
    public static var schema: JSONSchema { ValueSchemas.gasMix }
    /// Common gas names; any percentage is accepted as well.
    public static var completion: ValueCompletion { .gases }
}

extension GasReading: OptionValue {
    /// Reads a value from its text; a thrown error says why it is not one.
    public static func parse(_ text: String) throws -> GasReading { try GasReading(parsing: text) }
    /// The placeholder in help and usage.
    public static var placeholder: String { "gas" }
    /// A gas reading, as ``parse(_:)`` reads it.
    public static var schema: JSONSchema { ValueSchemas.gasReading }
    /// What a shell offers for the value.
    public static var completion: ValueCompletion { .gases }
}

/// A helium percentage, as `--he` and `--diver-he` take it: 0 to 95 with at
/// most one decimal, in tenths.
public struct HeliumPercent: OptionValue {
    /// Helium in tenths of a percent.
    public let permille: Int

    /// Reads a value from its text; a thrown error says why it is not one.
    public static func parse(_ text: String) throws -> HeliumPercent {
        let number = text.hasSuffix("%") ? String(text.dropLast()) : text
        guard let percent = Rational.parseDecimal(Substring(number), maximumFractionDigits: 1), percent >= Rational(0),
            percent <= Rational(95)
        else { throw FieldError(.expected(.heliumPercentage)) }
        return HeliumPercent(permille: (percent * Rational(10)).numerator)
    }
    /// The placeholder in help and usage.
    public static var placeholder: String { "percent" }
    /// A helium percentage, as ``parse(_:)`` reads it.
    public static var schema: JSONSchema { ValueSchemas.helium }
}

extension OxygenPartialPressure: OptionValue {
    /// Reads a value from its text; a thrown error says why it is not one.
    public static func parse(_ text: String) throws -> OxygenPartialPressure { try OxygenPartialPressure(parsing: text) }
    /// The placeholder in help and usage.
    public static var placeholder: String { "ppo2" }
    /// A ppO₂ limit, as ``parse(_:)`` reads it.
    public static var schema: JSONSchema { ValueSchemas.partialPressure }
}

extension UnitSystem: OptionValue {
    /// Reads a value from its text; a thrown error says why it is not one.
    public static func parse(_ text: String) throws -> UnitSystem {
        guard let unit = UnitSystem(name: text) else { throw ChoiceError(text: text, choices: choices) }
        return unit
    }
    /// The placeholder in help and usage.
    public static var placeholder: String { "unit" }
    /// Every value accepted, regardless of case.
    public static var choices: [String] { allCases.map(\.rawValue) }
}

extension DepthRounding: OptionValue {
    /// Reads a value from its text; a thrown error says why it is not one.
    public static func parse(_ text: String) throws -> DepthRounding {
        guard let rounding = DepthRounding(rawValue: text.lowercased()) else { throw ChoiceError(text: text, choices: choices) }
        return rounding
    }
    /// The placeholder in help and usage.
    public static var placeholder: String { "rule" }
    /// Every value accepted, regardless of case.
    public static var choices: [String] { allCases.map(\.rawValue) }
}

extension Timestamp: OptionValue {
    /// Reads a value from its text; a thrown error says why it is not one.
    public static func parse(_ text: String) throws -> Timestamp { try Timestamp(parsing: text) }
    /// The placeholder in help and usage.
    public static var placeholder: String { "time" }
    /// A time, as ``parse(_:)`` reads it.
    public static var schema: JSONSchema { ValueSchemas.time }
}

extension CivilDate: OptionValue {
    /// Reads a value from its text; a thrown error says why it is not one.
    public static func parse(_ text: String) throws -> CivilDate { try CivilDate(parsing: text) }
    /// The placeholder in help and usage.
    public static var placeholder: String { "date" }
    /// A date, as ``parse(_:)`` reads it.
    public static var schema: JSONSchema { ValueSchemas.day }
}

extension CylinderName: OptionValue {
    /// Reads a value from its text; a thrown error says why it is not one.
    public static func parse(_ text: String) throws -> CylinderName { try CylinderName(parsing: text) }
    /// The placeholder in help and usage.
    public static var placeholder: String { "name" }
    /// 1 to 64 characters on one line, unique regardless of case.
    public static var schema: JSONSchema {
        ValueSchemas.name.described("A cylinder's name: 1 to 64 characters, unique regardless of case.")
    }
    /// What a shell offers for the value.
    public static var completion: ValueCompletion { .cylinders }
}

extension CylinderField: OptionValue {
    /// Reads a value from its text; a thrown error says why it is not one.
    public static func parse(_ text: String) throws -> CylinderField { try CylinderField(parsing: text) }
    /// The placeholder in help and usage.
    public static var placeholder: String { "field" }
    /// Every value accepted, regardless of case.
    public static var choices: [String] { allCases.map(\.rawValue) }
}

extension Setting: OptionValue {
    /// Reads a value from its text; a thrown error says why it is not one.
    public static func parse(_ text: String) throws -> Setting {
        guard let setting = Setting(rawValue: text) else {
            throw FieldError("unknown setting \(quoted(text)); the settings are " + allCases.map(\.key).joined(separator: ", "))
        }
        return setting
    }
    /// The placeholder in help and usage.
    public static var placeholder: String { "key" }
    /// What a shell offers for the value.
    public static var completion: ValueCompletion { .choices(allCases.map(\.key)) }
    /// One of the keys, as ``parse(_:)`` reads it.
    public static var schema: JSONSchema { .enumeration(allCases.map(\.key)) }
}

extension Role: OptionValue {
    /// Reads a value from its text; a thrown error says why it is not one.
    public static func parse(_ text: String) throws -> Role {
        guard let role = Role(rawValue: text.lowercased()) else { throw ChoiceError(text: text, choices: choices) }
        return role
    }
    /// The placeholder in help and usage.
    public static var placeholder: String { "role" }
    /// Every value accepted, regardless of case.
    public static var choices: [String] { allCases.map(\.rawValue) }
}

extension AccountName: OptionValue {
    /// Reads a value from its text; a thrown error says why it is not one.
    public static func parse(_ text: String) throws -> AccountName { try AccountName(parsing: text) }
    /// The placeholder in help and usage.
    public static var placeholder: String { "name" }
    /// A name on one line, as ``parse(_:)`` reads it.
    public static var schema: JSONSchema { ValueSchemas.name }
}

/// A pressure as typed: a bare number is read in the preferred unit, which
/// is only known once the logbook's settings are, so the reading waits.
public struct PressureEntry: OptionValue {
    /// The text as typed.
    public let text: String

    /// Reads a value from its text; a thrown error says why it is not one.
    public static func parse(_ text: String) throws -> PressureEntry { PressureEntry(text: text) }
    /// The placeholder in help and usage.
    public static var placeholder: String { "pressure" }
    /// A pressure, as ``parse(_:)`` reads it.
    public static var schema: JSONSchema { ValueSchemas.pressure }
}

/// The export formats.
public enum ExportFormat: String, CaseIterable, Sendable, OptionValue {
    case csv, json

    /// Reads a value from its text; a thrown error says why it is not one.
    public static func parse(_ text: String) throws -> ExportFormat {
        guard let format = ExportFormat(rawValue: text.lowercased()) else { throw ChoiceError(text: text, choices: choices) }
        return format
    }
    /// The placeholder in help and usage.
    public static var placeholder: String { "format" }
    /// Every value accepted, regardless of case.
    public static var choices: [String] { allCases.map(\.rawValue) }
}

/// When human output is styled.
public enum ColorWhen: String, CaseIterable, OptionValue {
    case auto, always, never

    /// Reads a value from its text; a thrown error says why it is not one.
    public static func parse(_ text: String) throws -> ColorWhen {
        guard let when = ColorWhen(rawValue: text.lowercased()) else { throw ChoiceError(text: text, choices: choices) }
        return when
    }
    /// The placeholder in help and usage.
    public static var placeholder: String { "when" }
    /// Every value accepted, regardless of case.
    public static var choices: [String] { allCases.map(\.rawValue) }
}

/// A value outside an option's fixed set.
public struct ChoiceError: Error, CustomStringConvertible {
    /// The text as typed.
    public let text: String
    /// The values that were expected.
    public let choices: [String]

    /// `expected auto, always or never`.
    public var description: String { "expected " + ChoiceError.list(choices) }

    /// `a, b or c`, as a message lists choices.
    public static func list(_ choices: [String]) -> String {
        choices.count < 2 ? choices.joined() : choices.dropLast().joined(separator: ", ") + " or " + (choices.last ?? "")
    }
}
