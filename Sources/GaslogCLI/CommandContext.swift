import LogbookStore
import NitroxCalculator

/// What a running command may use: its parsed invocation, the environment,
/// where its output goes, and the logbook, opened only when first needed.
public final class CommandContext {
    /// The parsed command line.
    public let invocation: Invocation
    /// The environment variables the command sees, such as `GASLOG_DB` and `COLUMNS`.
    public let environment: [String: String]
    /// Where reports go: standard output, or memory in tests.
    public let output: OutputWriter
    /// Where errors, warnings and progress go: standard error, or memory in tests.
    public let errors: OutputWriter
    /// The descriptor `import -` reads from.
    public let standardInput: Int32
    /// Where the logbook reads "now" and "today".
    public let clock: @Sendable () -> Timestamp
    /// The account a change is made by, when a service runs the command for
    /// one; `nil` for the command line. Each command passes it to the
    /// logbook's writes, which the audit trail records it for.
    public let actor: String?
    /// What the command created, if anything.
    public internal(set) var created: CreatedRecord?
    private var openedLogbook: Logbook?
    private var cachedSettings: LogbookSettings?

    /// A context for running `invocation`; tests pass their own writers, standard input and clock.
    /// A service passes the logbook its thread holds open, and the account it runs the command for.
    public init(
        invocation: Invocation, environment: [String: String], output: OutputWriter, errors: OutputWriter,
        standardInput: Int32 = 0, clock: @escaping @Sendable () -> Timestamp = Timestamp.now,
        logbook: Logbook? = nil, actor: String? = nil
    ) {
        self.clock = clock
        self.openedLogbook = logbook
        self.actor = actor
        self.invocation = invocation
        self.environment = environment
        self.output = output
        self.errors = errors
        self.standardInput = standardInput
    }

    /// The logbook at `--db`, `$GASLOG_DB` or the default location.
    func logbook() throws(CommandError) -> Logbook {
        if let openedLogbook { return openedLogbook }
        let explicitPath = try value(CommonOptions.db)
        let path: String
        do {
            path = try DatabaseLocation.resolve(explicitPath: explicitPath, environment: environment)
        } catch {
            throw CommandError(error, commandPath: invocation.commandPath)
        }
        let logbook = Logbook(path: path, clock: clock)
        if errors.isTerminal {
            let errors = errors
            logbook.onWaitingForLock = {
                errors.writeLine("waiting for another writer…")
                errors.flush()
            }
        }
        openedLogbook = logbook
        return logbook
    }

    /// Runs a logbook call, turning its failure into the command's error.
    func withLogbook<Result>(_ body: (Logbook) throws(LogbookError) -> Result) throws(CommandError) -> Result {
        let logbook = try logbook()
        do {
            return try body(logbook)
        } catch {
            throw CommandError(error, commandPath: invocation.commandPath)
        }
    }

    /// A check of the store's that needs no database, such as a stored MOD's,
    /// turning its failure into the command's error.
    func checked<Result>(_ body: () throws(LogbookError) -> Result) throws(CommandError) -> Result {
        do {
            return try body()
        } catch {
            throw CommandError(error, commandPath: invocation.commandPath)
        }
    }

    /// `--unit` when given, otherwise the stored preference.
    func unit() throws(CommandError) -> UnitSystem {
        if let unit = try value(CommonOptions.unit) { return unit }
        return try settings().unit
    }

    /// `--round` when given, otherwise the `rounding` setting.
    func rounding() throws(CommandError) -> DepthRounding {
        if let rounding = try value(CommonOptions.round) { return rounding }
        return try settings().rounding
    }

    /// The logbook's settings, read once per command.
    func settings() throws(CommandError) -> LogbookSettings {
        if let cachedSettings { return cachedSettings }
        let settings = try withLogbook { logbook throws(LogbookError) in try logbook.settings() }
        cachedSettings = settings
        return settings
    }

    // MARK: Typed options and arguments

    /// The option's value, read by its declared type; `nil` when not given.
    func value<Value>(_ option: Option<Value>) throws(CommandError) -> Value? {
        guard let text = invocation.values[option.spec.name] else { return nil }
        return try interpret(text, option.read, option: option.spec.name)
    }

    /// A required option's value. The parser has refused a command line
    /// without it, so it is always there.
    func value<Value>(_ option: RequiredOption<Value>) throws(CommandError) -> Value {
        guard let value = try value(option.option) else {
            throw CommandError("the required option --\(option.spec.name) was not checked by the parser", status: .software)
        }
        return value
    }

    /// Every value of a repeatable option, in the order given.
    func values<Value>(_ option: RepeatableOption<Value>) throws(CommandError) -> [Value] {
        var values: [Value] = []
        for text in invocation.repeatedValues[option.spec.name] ?? [] {
            values.append(try interpret(text, option.option.read, option: option.spec.name))
        }
        return values
    }

    /// Whether a flag was given.
    func isSet(_ flag: Flag) -> Bool {
        invocation.flags.contains(flag.spec.name)
    }

    /// Whether an option, of any kind, was given.
    func isGiven(_ option: any OptionDeclaration) -> Bool {
        invocation.values[option.spec.name] != nil || invocation.flags.contains(option.spec.name)
    }

    /// A required argument's value.
    func value<Value>(_ argument: Argument<Value>) throws(CommandError) -> Value {
        guard let text = try argumentText(argument.spec) else {
            throw CommandError("the argument <\(argument.spec.name)> was not checked by the parser", status: .software)
        }
        return try interpret(text, argument.read, option: nil)
    }

    /// An optional argument's value; `nil` when left out.
    func value<Value>(_ argument: OptionalArgument<Value>) throws(CommandError) -> Value? {
        guard let text = try argumentText(argument.spec) else { return nil }
        return try interpret(text, argument.argument.read, option: nil)
    }

    /// The text given for an argument, found by the argument's place in the
    /// running command's declaration.
    private func argumentText(_ spec: ArgumentSpec) throws(CommandError) -> String? {
        let declared = CommandTree.command(at: invocation.commandPath).arguments
        guard let index = declared.firstIndex(where: { $0.name == spec.name }) else {
            throw CommandError("the argument <\(spec.name)> is not declared by this command", status: .software)
        }
        return index < invocation.arguments.count ? invocation.arguments[index] : nil
    }

    /// Reads a value; a refusal becomes "invalid value 'V' for --OPTION: why"
    /// for an option, or the reader's own message for an argument.
    func interpret<Value>(_ text: String, _ read: (String) throws -> Value, option: String?) throws(CommandError) -> Value {
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
        guard let option else { throw .badValue(message) }
        // The readers say "invalid gas '40x': why"; the reason is what follows the value.
        let value = quoted(text) + ": "
        guard let range = message.firstRange(of: value) else {
            throw .badValue("invalid value \(quoted(text)) for --\(option): " + message)
        }
        throw .badValue("invalid value \(quoted(text)) for --\(option): " + message[range.upperBound...])
    }

    /// The gas an O2 option and its helium option give together: `--o2 18/45`,
    /// or `--o2 18 --he 45`. Helium given twice is bad input. Without any
    /// helium given, the mix has `defaultHelium` (the blender's, for a diver
    /// who analysed only O2), else none.
    func gas(
        _ option: Option<GasReading>, helium heliumOption: Option<HeliumPercent>, defaultHelium: Int? = nil
    ) throws(CommandError) -> GasMix? {
        guard let reading = try value(option), let text = invocation.values[option.spec.name] else {
            if let helium = invocation.values[heliumOption.spec.name] {
                throw .badValue("--\(heliumOption.spec.name) \(helium) needs --\(option.spec.name): give the gas's O2 too")
            }
            return nil
        }
        let helium = try value(heliumOption)
        if let helium, reading.heliumPermille != nil {
            throw .badValue(
                "give the helium once: --\(option.spec.name) \(quoted(text)) holds helium already, and --\(heliumOption.spec.name) "
                    + "\(Rational(helium.permille, 10).decimalString(maximumFractionDigits: 1)) gives it again")
        }
        guard let mix = reading.mix(helium: helium?.permille ?? defaultHelium) else {
            let with = helium.map { " with --\(heliumOption.spec.name) \(Rational($0.permille, 10).decimalString(maximumFractionDigits: 1))" } ?? ""
            throw .badValue(
                "invalid value \(quoted(text)) for --\(option.spec.name): gas \(quoted(text))\(with) is out of range: expected "
                    + GasMix.rangeText(for: reading, helium: helium?.permille))
        }
        return mix
    }

    /// A required gas option with its helium option.
    func gas(_ option: RequiredOption<GasReading>, helium: Option<HeliumPercent>) throws(CommandError) -> GasMix {
        guard let mix = try gas(option.option, helium: helium) else {
            throw CommandError("the required option --\(option.spec.name) was not checked by the parser", status: .software)
        }
        return mix
    }

    /// Reads a pressure option in `unit`. A bare number that comes to under
    /// 50 bar is more likely typed in the other unit: it gets a warning that
    /// names the other reading, and how to write it.
    func pressure(
        _ option: Option<PressureEntry>, unit: UnitSystem, allowsZero: Bool = false,
        warnsWhenLow: Bool = true
    ) throws(CommandError) -> Pressure? {
        guard let text = try value(option)?.text else { return nil }
        let pressure = try interpret(text, { try Pressure(parsing: $0, preferred: unit, allowsZero: allowsZero) }, option: option.spec.name)
        if warnsWhenLow, Pressure.isBareNumber(text), pressure < Pressure.implausiblyLow {
            let other: UnitSystem = unit == .metric ? .imperial : .metric
            let inOther = unit == .metric ? "\(pressure.psi.roundedHalfDown) psi" : "\(pressure.bar.roundedHalfDown) bar"
            warn(
                "\(text) \(unit.pressureSymbol) is \(inOther); if you meant \(text) \(other.pressureSymbol), "
                    + "write \(text)\(other.pressureSymbol)")
        }
        return pressure
    }

    /// A required pressure option in `unit`.
    func pressure(
        _ option: RequiredOption<PressureEntry>, unit: UnitSystem, allowsZero: Bool = false,
        warnsWhenLow: Bool = true
    ) throws(CommandError) -> Pressure {
        guard let pressure = try pressure(option.option, unit: unit, allowsZero: allowsZero, warnsWhenLow: warnsWhenLow) else {
            throw CommandError("the required option --\(option.spec.name) was not checked by the parser", status: .software)
        }
        return pressure
    }

    var wantsJSON: Bool { isSet(CommonOptions.json) }

    /// The width human output fits: `COLUMNS`, else the terminal's, else 80.
    var terminalColumns: Int {
        if let text = environment["COLUMNS"], let columns = Int(text), columns > 0 { return columns }
        return output.terminalColumns ?? 80
    }

    /// Styling for human reports on standard output.
    var style: TerminalStyle {
        // The parser has checked the value against the choices already.
        let color = (try? value(CommonOptions.color)).flatMap { $0 } ?? .auto
        return TerminalStyle(color: color, environment: environment, outputIsTerminal: output.isTerminal)
    }

    /// Whether progress lines are wanted on standard error.
    var showsProgress: Bool {
        !isSet(CommonOptions.quiet) && errors.isTerminal
    }

    func emit(_ json: JSONValue) {
        output.writeLine(json.text)
    }

    /// Writes an array with one element per line: still one JSON value, and
    /// easy to read or grep.
    func emit(lines elements: [JSONValue]) {
        guard !elements.isEmpty else { return output.writeLine("[]") }
        output.writeLine("[")
        for (index, element) in elements.enumerated() {
            output.writeLine(element.text + (index < elements.count - 1 ? "," : ""))
        }
        output.writeLine("]")
    }

    func warn(_ message: String) {
        errors.writeLine("warning: " + message)
    }

    /// Warns that a cylinder was found by a name it had before a rename,
    /// naming the name it has now.
    func warn(_ earlierName: EarlierName?) {
        if let earlierName { warn(earlierName.message) }
    }

    /// Runs a write on a cylinder asked for by `name`; when it fails, and the
    /// name is an earlier name of the cylinder, the refusal is still preceded
    /// by the warning that names the cylinder it meant.
    func writing<Result>(to name: CylinderName, _ body: (Logbook) throws(LogbookError) -> Result) throws(CommandError) -> Result {
        do {
            return try withLogbook(body)
        } catch {
            if let logbook = try? logbook(), let resolution = try? logbook.resolveCylinder(name) { warn(resolution.earlierName) }
            throw error
        }
    }
}
