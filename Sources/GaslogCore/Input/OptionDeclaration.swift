/// Anything a use case reads: an option or a positional argument. The
/// command line, the server's allow-lists and the OpenAPI document are all
/// generated from these.
public protocol InputDeclaration: Sendable {
    /// The input as help, the parser and the server see it.
    var input: InputSpec { get }
}

/// An input's declaration, whichever kind it is.
public enum InputSpec: Sendable {
    case option(OptionSpec)
    case argument(ArgumentSpec)

    /// The declared name, the input's key: `working-pressure`, `cylinder`.
    public var name: String {
        switch self {
        case .option(let spec): spec.name
        case .argument(let spec): spec.key
        }
    }
}

/// Anything a command lists among its options: help, usage, the parser, the
/// man page and completions all read its ``spec``.
public protocol OptionDeclaration: InputDeclaration {
    /// The option's declaration.
    var spec: OptionSpec { get }
}

extension OptionDeclaration {
    /// The option, as an input.
    public var input: InputSpec { .option(spec) }
}

extension OptionSpec: OptionDeclaration {
    /// The declaration itself.
    public var spec: OptionSpec { self }
}

/// Anything a command lists among its positional arguments.
public protocol ArgumentDeclaration: InputDeclaration {
    /// The argument's declaration.
    var spec: ArgumentSpec { get }
}

extension ArgumentDeclaration {
    /// The argument, as an input.
    public var input: InputSpec { .argument(spec) }
}

extension ArgumentSpec: ArgumentDeclaration {
    /// The declaration itself.
    public var spec: ArgumentSpec { self }
}

extension Argument: ArgumentDeclaration {}
extension OptionalArgument: ArgumentDeclaration {}
