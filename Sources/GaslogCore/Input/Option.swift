/// An option that takes a value, declared with the value's type: a handler
/// reads `Option<GasMix>` back as a `GasMix`, never by its name.
public struct Option<Value: Sendable>: OptionDeclaration {
    /// How help, the parser and the server see it.
    public let spec: OptionSpec
    /// Reads a value from text; a thrown error says why the text is not one.
    public let read: @Sendable (String) throws -> Value

    /// An option read by `read`, shown as `--name <placeholder>`. Its
    /// schema is `schema`, else its type's when that is an ``OptionValue``,
    /// else a string.
    public init(
        _ name: String, value placeholder: String, completion: ValueCompletion? = nil,
        schema: @autoclosure @escaping @Sendable () -> JSONSchema? = nil, help: Wording,
        read: @escaping @Sendable (String) throws -> Value
    ) {
        spec = OptionSpec(
            name, value: placeholder, completion: completion, schema: schema() ?? (Value.self as? any OptionValue.Type)?.schema, help: help)
        self.read = read
    }

    private init(spec: OptionSpec, read: @escaping @Sendable (String) throws -> Value) {
        self.spec = spec
        self.read = read
    }

    /// The same option, required by a command: the parser refuses a command
    /// line without it, and the handler gets a value, never `nil`.
    public func required() -> RequiredOption<Value> {
        RequiredOption(option: Option(spec: spec.required(), read: read))
    }

    /// The same option, given any number of times, each value kept.
    public func repeatable() -> RepeatableOption<Value> {
        RepeatableOption(option: Option(spec: spec.repeatable(), read: read))
    }
}

extension Option where Value: OptionValue {
    /// An option of a type that declares how it is read, shown and completed.
    public init(_ name: String, help: Wording) {
        spec = OptionSpec(
            name, value: Value.placeholder, choices: Value.choices, completion: Value.completion, schema: Value.schema, help: help)
        read = Value.parse
    }
}

/// An option that a command cannot run without.
public struct RequiredOption<Value: Sendable>: OptionDeclaration {
    /// The option itself.
    public let option: Option<Value>
    /// The option's declaration, marked required.
    public var spec: OptionSpec { option.spec }
}

/// An option that may be given several times.
public struct RepeatableOption<Value: Sendable>: OptionDeclaration {
    /// The option itself.
    public let option: Option<Value>
    /// The option's declaration, marked repeatable.
    public var spec: OptionSpec { option.spec }
}
