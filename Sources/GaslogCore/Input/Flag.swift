/// An option that takes no value: given or not.
public struct Flag: OptionDeclaration {
    public let spec: OptionSpec

    public init(_ name: String, short: Character? = nil, help: String) {
        spec = OptionSpec(name, short: short, help: help)
    }
}
