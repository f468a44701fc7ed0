/// A positional argument, declared with its value's type. It is read back
/// by its place among the command's arguments, which the declaration fixes.
public struct Argument<Value: Sendable>: Sendable {
    /// How help, the parser and the server see it.
    public let spec: ArgumentSpec
    /// Reads a value from text; a thrown error says why the text is not one.
    public let read: @Sendable (String) throws -> Value

    /// An argument read by `read`, under `key` when the command line shows another name; its
    /// schema is `schema`, else its type's when that is an ``OptionValue``, else a string.
    public init(
        _ name: String, key: String? = nil, completion: ValueCompletion = .none,
        schema: @autoclosure @escaping @Sendable () -> JSONSchema? = nil, help: Wording,
        read: @escaping @Sendable (String) throws -> Value
    ) {
        spec = ArgumentSpec(
            name, key: key, completion: completion, schema: schema() ?? (Value.self as? any OptionValue.Type)?.schema ?? .string, help: help)
        self.read = read
    }

    private init(spec: ArgumentSpec, read: @escaping @Sendable (String) throws -> Value) {
        self.spec = spec
        self.read = read
    }

    /// The same argument, which may be left out.
    public func optional() -> OptionalArgument<Value> {
        OptionalArgument(argument: Argument(spec: spec.optional(), read: read))
    }
}

extension Argument where Value: OptionValue {
    /// An argument of a type that declares how it is read and completed.
    public init(_ name: String, key: String? = nil, help: Wording) {
        self.init(name, key: key, completion: Value.completion, help: help, read: Value.parse)
    }
}

/// A positional argument that may be left out.
public struct OptionalArgument<Value: Sendable>: Sendable {
    /// The argument itself.
    public let argument: Argument<Value>
    /// The argument's declaration, marked optional.
    public var spec: ArgumentSpec { argument.spec }
}
