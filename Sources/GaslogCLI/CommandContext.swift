import GaslogCore
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
    /// one; `nil` for the command line.
    public var actor: String? { session.actor }
    /// What the command created, if anything.
    public internal(set) var created: CreatedRecord?
    /// The use case's session: the logbook, opened only when first needed,
    /// and the warnings it gathers.
    public private(set) lazy var session = Session(actor: nil) { [unowned self] () throws(LogbookError) in try openLogbook() }

    /// A context for running `invocation`; tests pass their own writers, standard input and clock.
    public init(
        invocation: Invocation, environment: [String: String], output: OutputWriter, errors: OutputWriter,
        standardInput: Int32 = 0, clock: @escaping @Sendable () -> Timestamp = OpenLogbook.systemClock
    ) {
        self.clock = clock
        self.invocation = invocation
        self.environment = environment
        self.output = output
        self.errors = errors
        self.standardInput = standardInput
    }

    /// The logbook at `--db`, `$GASLOG_DB` or the default location.
    private func openLogbook() throws(LogbookError) -> OpenLogbook {
        let explicitPath = invocation.values[CommonOptions.db.spec.name]
        if explicitPath == "" {
            throw LogbookError(.badInput(.invalidValue("", field: "db", why: "expected a file path")), field: "db")
        }
        let path = try OpenLogbook.path(explicitPath: explicitPath, environment: environment)
        // GASLOG_MAX_PAGE_COUNT caps the logbook's size, as a full disk would, for tests.
        let logbook = OpenLogbook(path: path, clock: clock, maxPageCount: OpenLogbook.maxPageCount(environment: environment))
        // With --json, standard error holds nothing but an error's one line.
        if errors.isTerminal, !invocation.flags.contains(CommonOptions.json.spec.name) {
            let errors = errors
            logbook.onWaitingForLock = {
                errors.writeLine("waiting for another writer…")
                errors.flush()
            }
        }
        return logbook
    }

    /// The file of the logbook at `--db`, `$GASLOG_DB` or the default location.
    func logbookPath() throws(CommandError) -> String {
        try convertingErrors { () throws(LogbookError) in try session.openLogbook().path }
    }

    /// Runs a call of the core's outside a use case (an export's stream, a
    /// stored MOD's check), turning its failure into the command's error.
    func checked<Result>(_ body: () throws(LogbookError) -> Result) throws(CommandError) -> Result {
        try convertingErrors(body)
    }

    /// Runs `body`, turning the logbook's error into the command's.
    private func convertingErrors<Result>(_ body: () throws(LogbookError) -> Result) throws(CommandError) -> Result {
        do {
            return try body()
        } catch {
            throw CommandError(error, commandPath: invocation.commandPath)
        }
    }

    /// The command line as the core's key–value pairs: options by name,
    /// positional arguments by the input key their place declares.
    func inputValues() throws(CommandError) -> InputValues {
        var values: [String: InputValues.Value] = [:]
        for (name, text) in invocation.values { values[name] = .text(text) }
        for (name, texts) in invocation.repeatedValues { values[name] = .texts(texts) }
        for name in invocation.flags { values[name] = .flag(true) }
        let declared = CommandTree.command(at: invocation.commandPath).arguments
        for (spec, text) in zip(declared, invocation.arguments) { values[spec.key] = .text(text) }
        return InputValues(values)
    }

    /// Reads typed values through the core's one reader.
    func reading<Result>(_ body: (InputReader) throws(LogbookError) -> Result) throws(CommandError) -> Result {
        let reader = InputReader(try inputValues(), session: session)
        return try convertingErrors { () throws(LogbookError) in try body(reader) }
    }

    /// Runs a use case on the command line's input (or on `values`, when the
    /// command has gathered them itself); its warnings go to standard error
    /// as `warning:` lines, failure or not, except those that `statedInText`
    /// says the command's report states already.
    func run<Case: UseCase>(
        _ useCase: Case.Type, with values: InputValues? = nil, statedInText: (Warning) -> Bool = { _ in false }
    ) throws(CommandError) -> Outcome<Case.Output> {
        defer { printWarnings(except: statedInText) }
        let given: InputValues
        if let values { given = values } else { given = try inputValues() }
        let outcome = try convertingErrors { () throws(LogbookError) in try Case.run(given, in: session) }
        created = outcome.output.created
        return outcome
    }

    /// Runs a use case the command has read itself (a password's hash, a
    /// stream), as ``run(_:with:statedInText:)`` does.
    func run<Case: UseCase>(_ useCase: Case) throws(CommandError) -> Case.Output {
        defer { printWarnings() }
        let output = try convertingErrors { () throws(LogbookError) in try useCase.run(in: session) }
        created = output.created
        return output
    }

    /// The warnings the session has gathered and not yet printed.
    private var printedWarnings = 0
    func printWarnings(except statedInText: (Warning) -> Bool = { _ in false }) {
        for warning in session.warnings.dropFirst(printedWarnings) where !statedInText(warning) {
            warn(LogbookWording.line(for: warning))
        }
        printedWarnings = session.warnings.count
    }

    /// `--unit` when given, otherwise the stored preference.
    func unit() throws(CommandError) -> UnitSystem {
        try reading { input throws(LogbookError) in try input.unit() }
    }

    /// `--round` when given, otherwise the `rounding` setting.
    func rounding() throws(CommandError) -> DepthRounding {
        try reading { input throws(LogbookError) in try input.rounding() }
    }

    /// The logbook's settings, read once per command.
    func settings() throws(CommandError) -> LogbookSettings {
        try convertingErrors { () throws(LogbookError) in try session.settings() }
    }

    // MARK: Typed options and arguments, read by the core

    func value<Value>(_ option: Option<Value>) throws(CommandError) -> Value? {
        try reading { input throws(LogbookError) in try input.value(option) }
    }

    func value<Value>(_ option: RequiredOption<Value>) throws(CommandError) -> Value {
        try reading { input throws(LogbookError) in try input.value(option) }
    }

    func values<Value>(_ option: RepeatableOption<Value>) throws(CommandError) -> [Value] {
        try reading { input throws(LogbookError) in try input.values(option) }
    }

    func isSet(_ flag: Flag) -> Bool {
        invocation.flags.contains(flag.spec.name)
    }

    func isGiven(_ option: any OptionDeclaration) -> Bool {
        invocation.values[option.spec.name] != nil || invocation.flags.contains(option.spec.name)
    }

    func value<Value>(_ argument: Argument<Value>) throws(CommandError) -> Value {
        try reading { input throws(LogbookError) in try input.value(argument) }
    }

    func value<Value>(_ argument: OptionalArgument<Value>) throws(CommandError) -> Value? {
        try reading { input throws(LogbookError) in try input.value(argument) }
    }

    /// Reads `text` as a value of the option named `option`, or of an argument when `nil`.
    func interpret<Value>(_ text: String, _ read: (String) throws -> Value, option: String?) throws(CommandError) -> Value {
        try reading { input throws(LogbookError) in
            try input.interpret(text, read, field: option ?? "argument", isArgument: option == nil)
        }
    }

    func gas(
        _ option: Option<GasReading>, helium heliumOption: Option<HeliumPercent>, defaultHelium: Int? = nil
    ) throws(CommandError) -> GasMix? {
        try reading { input throws(LogbookError) in try input.gas(option, helium: heliumOption, defaultHelium: defaultHelium) }
    }

    func gas(_ option: RequiredOption<GasReading>, helium: Option<HeliumPercent>) throws(CommandError) -> GasMix {
        try reading { input throws(LogbookError) in try input.gas(option, helium: helium) }
    }

    func pressure(
        _ option: Option<PressureEntry>, unit: UnitSystem, allowsZero: Bool = false, warnsWhenLow: Bool = true
    ) throws(CommandError) -> Pressure? {
        defer { printWarnings() }
        return try reading { input throws(LogbookError) in
            try input.pressure(option, unit: unit, allowsZero: allowsZero, warnsWhenLow: warnsWhenLow)
        }
    }

    func pressure(
        _ option: RequiredOption<PressureEntry>, unit: UnitSystem, allowsZero: Bool = false, warnsWhenLow: Bool = true
    ) throws(CommandError) -> Pressure {
        defer { printWarnings() }
        return try reading { input throws(LogbookError) in
            try input.pressure(option, unit: unit, allowsZero: allowsZero, warnsWhenLow: warnsWhenLow)
        }
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

    /// Writes a result's one JSON encoding, with the session's warnings.
    func writeJSON(_ result: some UseCaseResult) {
        output.write(String(decoding: result.encoded(warnings: session.warnings), as: UTF8.self))
    }

    /// A `warning:` line; none with `--json`, whose result holds its warnings.
    func warn(_ message: String) {
        guard !wantsJSON else { return }
        errors.writeLine("warning: " + message)
    }

    /// Warns that a cylinder was found by a name it had before a rename,
    /// naming the name it has now.
    func warn(_ earlierName: EarlierName?) {
        if let earlierName { warn(LogbookWording.line(for: .renamed(earlierName))) }
    }
}
