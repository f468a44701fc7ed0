/// An option that takes no value: given or not.
struct Flag: OptionDeclaration {
    let spec: OptionSpec

    init(_ name: String, short: Character? = nil, help: String) {
        spec = OptionSpec(name, short: short, help: help)
    }
}
