/// Anything a command lists among its options: help, usage, the parser, the
/// man page and completions all read its ``spec``.
protocol OptionDeclaration: Sendable {
    var spec: OptionSpec { get }
}

extension OptionSpec: OptionDeclaration {
    var spec: OptionSpec { self }
}

/// Anything a command lists among its positional arguments.
protocol ArgumentDeclaration: Sendable {
    var spec: ArgumentSpec { get }
}

extension ArgumentSpec: ArgumentDeclaration {
    var spec: ArgumentSpec { self }
}

extension Argument: ArgumentDeclaration {}
extension OptionalArgument: ArgumentDeclaration {}
