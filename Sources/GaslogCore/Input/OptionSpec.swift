/// What a shell offers for a value. It is an offer, never a check: what a
/// command accepts is decided by its parser and by ``OptionSpec/choices``.
public enum ValueCompletion: Sendable, Equatable {
    case none
    /// Names of cylinders in service, read from the logbook.
    case cylinders
    case files
    case choices([String])
    /// Common gas names (air, EAN32, ...); any percentage is accepted as well.
    case gases
    /// The fixed values of the setting named by the argument before it, as
    /// in `config set unit <value>`.
    case settingValues
}

/// One option of a command, declared once; help, usage, parsing, shell
/// completions and the man page are all generated from it.
public struct OptionSpec: Sendable {
    /// The long name, without its dashes: `o2` for `--o2`.
    public let name: String
    /// The one-letter name used after a single dash, if any: `h` for `-h`.
    public let shortName: Character?
    /// The placeholder of the option's value (`gas` in `--o2 <gas>`), or `nil`
    /// for a flag that takes no value.
    public let valueName: String?
    /// The option's description, for help and the man page and for the API.
    public let wording: Wording
    /// The option's description in help and the man page.
    public var help: String { wording.commandLine }
    /// The complete set of accepted values, where there is one.
    public let choices: [String]
    /// Whether the command cannot run without it.
    public let isRequired: Bool
    /// What a shell offers for its value.
    public let completion: ValueCompletion
    /// Whether it may be given more than once, each value kept.
    public let isRepeatable: Bool
    /// What one value may be, for the API's allow-list and its OpenAPI
    /// document: `boolean` for a flag. A repeatable option is an array of these.
    /// Worked out when asked for: the command line never needs it, and
    /// building every option's patterns would double its start-up.
    public var schema: JSONSchema { makeSchema() }
    private let makeSchema: @Sendable () -> JSONSchema

    /// Declares an option; unless told otherwise, a shell offers its choices, or gas names when its value is a gas.
    /// Without a `schema`, a flag is a boolean, an option with choices one of
    /// them, and any other a string.
    public init(
        _ name: String, short: Character? = nil, value valueName: String? = nil, choices: [String] = [],
        required: Bool = false, repeatable: Bool = false, completion: ValueCompletion? = nil,
        schema: @autoclosure @escaping @Sendable () -> JSONSchema? = nil, help: Wording
    ) {
        self.name = name
        self.shortName = short
        self.valueName = valueName
        self.wording = help
        self.choices = choices
        self.isRequired = required
        self.isRepeatable = repeatable
        // Every option whose value is a gas offers the gas names, so that a
        // new one completes without being told to.
        self.completion = completion ?? (!choices.isEmpty ? .choices(choices) : valueName == "gas" ? .gases : .none)
        makeSchema = { schema() ?? (valueName == nil ? .boolean : choices.isEmpty ? .string : .enumeration(choices)) }
    }

    /// The option as required by a particular command.
    public func required() -> OptionSpec {
        OptionSpec(
            name, short: shortName, value: valueName, choices: choices, required: true, repeatable: isRepeatable,
            completion: completion, schema: makeSchema(), help: wording)
    }

    /// The option, given any number of times.
    public func repeatable() -> OptionSpec {
        OptionSpec(
            name, short: shortName, value: valueName, choices: choices, required: isRequired, repeatable: true,
            completion: completion, schema: makeSchema(), help: wording)
    }

    /// Whether the option takes a value rather than being a flag.
    public var takesValue: Bool { valueName != nil }

    /// `--o2 <gas>` or `--json`, as usage and errors write it.
    public var synopsis: String {
        valueName.map { "--\(name) <\($0)>" } ?? "--\(name)"
    }
}

/// One positional argument of a command.
public struct ArgumentSpec: Sendable {
    /// The placeholder name, as in `<cylinder>`.
    public let name: String
    /// The input's key among a use case's key–value pairs: the name, unless
    /// the command line shows another placeholder for it (`<name>` for the
    /// input `cylinder`).
    public let key: String
    /// The argument's description, for help and the man page and for the API.
    public let wording: Wording
    /// The argument's description in help and the man page.
    public var help: String { wording.commandLine }
    /// Whether the command can run without it.
    public let isOptional: Bool
    /// What a shell offers for it.
    public let completion: ValueCompletion
    /// What its value may be, for the API and its OpenAPI document; worked
    /// out when asked for, as an option's is.
    public var schema: JSONSchema { makeSchema() }
    private let makeSchema: @Sendable () -> JSONSchema

    /// Declares an argument, required unless `optional`, read under `key` (default: its name); a string unless `schema` says otherwise.
    public init(
        _ name: String, key: String? = nil, optional: Bool = false, completion: ValueCompletion = .none,
        schema: @autoclosure @escaping @Sendable () -> JSONSchema = .string, help: Wording
    ) {
        self.name = name
        self.key = key ?? name
        self.wording = help
        self.isOptional = optional
        self.completion = completion
        makeSchema = schema
    }

    /// `<name>`, or `[<name>]` when it may be left out, as usage writes it.
    public var synopsis: String { isOptional ? "[<\(name)>]" : "<\(name)>" }

    /// The argument, which may be left out.
    public func optional() -> ArgumentSpec {
        ArgumentSpec(name, key: key, optional: true, completion: completion, schema: makeSchema(), help: wording)
    }
}
