/// An option that takes no value: given or not.
public struct Flag: OptionDeclaration {
    /// How help, the parser and the server see it.
    public let spec: OptionSpec

    /// A flag named `name`, with a one-letter name when given.
    public init(_ name: String, short: Character? = nil, help: Wording) {
        spec = OptionSpec(name, short: short, help: help)
    }
}
