import LogbookStore
import NitroxCalculator

/// Reads a use case's typed input from its key–value pairs, through the
/// inputs' declarations. A bad value is an error that carries its field as
/// data; a pressure that looks typed in the other unit adds a warning.
public struct InputReader {
    /// The pairs being read.
    public let values: InputValues
    /// Where settings (the preferred unit) and warnings come from.
    public let session: Session

    /// A reader of `values` for a use case run in `session`.
    public init(_ values: InputValues, session: Session) {
        self.values = values
        self.session = session
    }

    /// The option's value, read by its declared type; `nil` when not given.
    public func value<Value>(_ option: Option<Value>) throws(LogbookError) -> Value? {
        guard let text = try text(option.spec.name) else { return nil }
        return try interpret(text, option.read, field: option.spec.name)
    }

    /// A required option's value: missing is bad input at its field.
    public func value<Value>(_ option: RequiredOption<Value>) throws(LogbookError) -> Value {
        guard let value = try value(option.option) else { throw InputReader.missing(option.spec.name) }
        return value
    }

    /// Every value of a repeatable option, in the order given.
    public func values<Value>(_ option: RepeatableOption<Value>) throws(LogbookError) -> [Value] {
        let texts: [String]
        switch values.values[option.spec.name] {
        case nil: texts = []
        case .text(let text): texts = [text]
        case .texts(let list): texts = list
        case .flag: throw InputReader.notText(option.spec.name)
        }
        var result: [Value] = []
        for text in texts { result.append(try interpret(text, option.option.read, field: option.spec.name)) }
        return result
    }

    /// Whether a flag was given (and, from JSON, given as true).
    public func isSet(_ flag: Flag) -> Bool {
        values.values[flag.spec.name] == .flag(true)
    }

    /// Whether an input, of any kind, was given.
    public func isGiven(_ option: any OptionDeclaration) -> Bool {
        values.values[option.spec.name] != nil
    }

    /// A required argument's value.
    public func value<Value>(_ argument: Argument<Value>) throws(LogbookError) -> Value {
        guard let text = try text(argument.spec.key) else { throw InputReader.missing(argument.spec.key) }
        return try interpret(text, argument.read, field: argument.spec.key, isArgument: true)
    }

    /// An optional argument's value; `nil` when left out.
    public func value<Value>(_ argument: OptionalArgument<Value>) throws(LogbookError) -> Value? {
        guard let text = try text(argument.spec.key) else { return nil }
        return try interpret(text, argument.argument.read, field: argument.spec.key, isArgument: true)
    }

    /// The text given for `name`; a list or a flag where text belongs is bad input.
    public func text(_ name: String) throws(LogbookError) -> String? {
        switch values.values[name] {
        case nil: nil
        case .text(let text): text
        case .texts, .flag: throw InputReader.notText(name)
        }
    }

    /// Reads a value; a refusal becomes "invalid value 'V' for FIELD: why",
    /// or for a positional argument the reader's own words.
    public func interpret<Value>(_ text: String, _ read: (String) throws -> Value, field: String, isArgument: Bool = false) throws(LogbookError)
        -> Value
    {
        let message: String
        do {
            return try read(text)
        } catch let error as CalculatorInputError {
            message = error.message
        } catch let error as FieldError {
            message = error.message
        } catch {
            message = "\(error)"
        }
        if isArgument { throw InputReader.bad(field, [.text(message)]) }
        // The readers say "invalid gas '40x': why"; the reason is what follows the value.
        let value = quoted(text) + ": "
        let why = message.firstRange(of: value).map { String(message[$0.upperBound...]) } ?? message
        throw LogbookError(.badInput(.invalidValue(text, field: field, why: why)), field: field)
    }

    /// A required input that was not given.
    static func missing(_ field: String) -> LogbookError {
        LogbookError(.badInput(FieldMessage([.text("missing "), .field(field)])), field: field)
    }

    /// A list or a flag given where one text belongs.
    static func notText(_ field: String) -> LogbookError {
        LogbookError(.badInput(FieldMessage([.text("the value of "), .field(field), .text(" must be a string or a number")])), field: field)
    }

    /// Bad input at `field`, in parts that name inputs.
    static func bad(_ field: String, _ parts: [FieldMessage.Part]) -> LogbookError {
        LogbookError(.badInput(FieldMessage(parts)), field: field)
    }

    // MARK: Gases and pressures

    /// The gas an O2 option and its helium option give together: `o2 18/45`,
    /// or `o2 18` with `he 45`. Helium given twice is bad input. Without any
    /// helium given, the mix has `defaultHelium` (the blender's, for a diver
    /// who analysed only O2), else none.
    public func gas(
        _ option: Option<GasReading>, helium heliumOption: Option<HeliumPercent>, defaultHelium: Int? = nil
    ) throws(LogbookError) -> GasMix? {
        let o2 = option.spec.name
        let he = heliumOption.spec.name
        guard let reading = try value(option), let text = try text(o2) else {
            if let helium = try text(he) {
                throw InputReader.bad(he, [.field(he), .text(" \(helium) needs "), .field(o2), .text(": give the gas's O2 too")])
            }
            return nil
        }
        let helium = try value(heliumOption)
        if let helium, reading.heliumPermille != nil {
            throw InputReader.bad(
                he,
                [
                    .text("give the helium once: "), .field(o2), .text(" \(quoted(text)) holds helium already, and "), .field(he),
                    .text(" \(Rational(helium.permille, 10).decimalString(maximumFractionDigits: 1)) gives it again"),
                ])
        }
        guard let mix = reading.mix(helium: helium?.permille ?? defaultHelium) else {
            let with: [FieldMessage.Part] =
                helium.map { [.text(" with "), .field(he), .text(" \(Rational($0.permille, 10).decimalString(maximumFractionDigits: 1))")] } ?? []
            throw InputReader.bad(
                o2,
                [.text("invalid value \(quoted(text)) for "), .field(o2), .text(": gas \(quoted(text))")] + with
                    + [.text(" is out of range: expected " + GasMix.rangeText(for: reading, helium: helium?.permille))])
        }
        return mix
    }

    /// A required gas option with its helium option.
    public func gas(_ option: RequiredOption<GasReading>, helium: Option<HeliumPercent>) throws(LogbookError) -> GasMix {
        guard let mix = try gas(option.option, helium: helium) else { throw InputReader.missing(option.spec.name) }
        return mix
    }

    /// Reads a pressure option in `unit`. A bare number that comes to under
    /// 50 bar is more likely typed in the other unit: it gets a warning that
    /// names the other reading.
    public func pressure(
        _ option: Option<PressureEntry>, unit: UnitSystem, allowsZero: Bool = false, warnsWhenLow: Bool = true
    ) throws(LogbookError) -> Pressure? {
        guard let text = try value(option)?.text else { return nil }
        let pressure = try interpret(text, { try Pressure(parsing: $0, preferred: unit, allowsZero: allowsZero) }, field: option.spec.name)
        if warnsWhenLow, Pressure.isBareNumber(text), pressure < Pressure.implausiblyLow {
            session.warn(.otherUnit(text: text, pressure: pressure, unit: unit))
        }
        return pressure
    }

    /// A required pressure option in `unit`.
    public func pressure(
        _ option: RequiredOption<PressureEntry>, unit: UnitSystem, allowsZero: Bool = false, warnsWhenLow: Bool = true
    ) throws(LogbookError) -> Pressure {
        guard let pressure = try pressure(option.option, unit: unit, allowsZero: allowsZero, warnsWhenLow: warnsWhenLow) else {
            throw InputReader.missing(option.spec.name)
        }
        return pressure
    }

    /// The `unit` input when given, otherwise the stored preference.
    public func unit() throws(LogbookError) -> UnitSystem {
        if let unit = try value(CommonOptions.unit) { return unit }
        return try session.settings().unit
    }

    /// The `round` input when given, otherwise the `rounding` setting.
    public func rounding() throws(LogbookError) -> DepthRounding {
        if let rounding = try value(CommonOptions.round) { return rounding }
        return try session.settings().rounding
    }
}
