import LogbookStore
import NitroxCalculator

/// What a running command may use: its parsed invocation, the environment,
/// where its output goes, and the logbook, opened only when first needed.
public final class CommandContext {
    public let invocation: Invocation
    public let environment: [String: String]
    public let output: OutputWriter
    public let errors: OutputWriter
    /// The descriptor `import -` reads from.
    public let standardInput: Int32
    /// Where the logbook reads "now" and "today".
    public let clock: @Sendable () -> Timestamp
    private var openedLogbook: Logbook?
    private var cachedSettings: LogbookSettings?

    public init(invocation: Invocation, environment: [String: String], output: OutputWriter, errors: OutputWriter,
                standardInput: Int32 = 0, clock: @escaping @Sendable () -> Timestamp = Timestamp.now) {
        self.clock = clock
        self.invocation = invocation
        self.environment = environment
        self.output = output
        self.errors = errors
        self.standardInput = standardInput
    }

    /// The logbook at `--db`, `$GASLOG_DB` or the default location.
    func logbook() throws(CommandError) -> Logbook {
        if let openedLogbook { return openedLogbook }
        let explicitPath = invocation.value("db")
        if explicitPath?.isEmpty == true {
            throw .badValue("invalid value '' for --db: expected a file path")
        }
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

    /// `--unit` when given, otherwise the stored preference.
    func unit() throws(CommandError) -> UnitSystem {
        if let name = invocation.value("unit") {
            guard let unit = UnitSystem(name: name) else {
                throw .badValue("invalid value \(quoted(name)) for --unit: expected metric or imperial")
            }
            return unit
        }
        return try settings().unit
    }

    /// `--round` when given, otherwise the `rounding` setting.
    func rounding() throws(CommandError) -> DepthRounding {
        if let rounding = try explicitRounding() { return rounding }
        return try settings().rounding
    }

    /// `--round` when given: a stored MOD is then recomputed under that rule.
    func explicitRounding() throws(CommandError) -> DepthRounding? {
        guard let name = invocation.value("round") else { return nil }
        guard let rounding = DepthRounding(rawValue: name.lowercased()) else {
            throw .badValue("invalid value \(quoted(name)) for --round: expected nearest or down")
        }
        return rounding
    }

    /// The logbook's settings, read once per command.
    func settings() throws(CommandError) -> LogbookSettings {
        if let cachedSettings { return cachedSettings }
        let settings = try withLogbook { logbook throws(LogbookError) in try logbook.settings() }
        cachedSettings = settings
        return settings
    }

    /// Reads an option's value with the calculator's or the store's rules; a
    /// refusal is bad command-line input (exit 64).
    func parse<Value>(_ name: String, _ read: (String) throws -> Value) throws(CommandError) -> Value? {
        guard let text = invocation.value(name) else { return nil }
        return try interpret(text, read, option: name)
    }

    /// Like ``parse(_:_:)`` for a positional argument.
    func parseArgument<Value>(_ index: Int, _ read: (String) throws -> Value) throws(CommandError) -> Value? {
        guard index < invocation.arguments.count else { return nil }
        return try interpret(invocation.arguments[index], read, option: nil)
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

    /// Reads a pressure option. A bare number that, in the preferred unit,
    /// comes to under 50 bar is more likely typed in the other unit: it gets
    /// a warning that names the other reading, and how to write it.
    func parsePressure(_ name: String, unit: UnitSystem) throws(CommandError) -> Pressure? {
        guard let text = invocation.value(name) else { return nil }
        let pressure = try interpret(text, { try Pressure(parsing: $0, preferred: unit) }, option: name)
        if Pressure.isBareNumber(text), pressure < Pressure.implausiblyLow {
            let other: UnitSystem = unit == .metric ? .imperial : .metric
            let inOther = unit == .metric ? "\(pressure.psi.roundedHalfDown) psi" : "\(pressure.bar.roundedHalfDown) bar"
            warn("\(text) \(unit.pressureSymbol) is \(inOther); if you meant \(text) \(other.pressureSymbol), "
                + "write \(text)\(other.pressureSymbol)")
        }
        return pressure
    }

    var wantsJSON: Bool { invocation.flag("json") }

    /// The width human output fits: `COLUMNS`, else the terminal's, else 80.
    var terminalColumns: Int {
        if let text = environment["COLUMNS"], let columns = Int(text), columns > 0 { return columns }
        return output.terminalColumns ?? 80
    }

    /// Styling for human reports on standard output.
    var style: TerminalStyle {
        TerminalStyle(color: invocation.value("color") ?? "auto", environment: environment, outputIsTerminal: output.isTerminal)
    }

    /// Whether progress lines are wanted on standard error.
    var showsProgress: Bool {
        !invocation.flag("quiet") && errors.isTerminal
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
}
