import GaslogCore

/// The keys a route allows, worked out once when the route table is built:
/// each input by its key (its name with `_` for `-`), and the negative flags
/// (`no-o2-clean`) that a pair's false (`o2_clean: false`) gives, which are
/// never keys of their own.
struct AllowedInputs: Sendable {
    /// The allowed inputs, in the order they are declared.
    let inputs: [InputSpec]
    /// Each allowed input, by its key.
    let byKey: [String: InputSpec]
    /// Each negative flag, by the key its pair would have with `no_`.
    let negatives: [String: InputSpec]

    /// The keys of `inputs`.
    init(_ inputs: [any InputDeclaration]) {
        var declared: [String: InputSpec] = [:]
        for input in inputs { declared[FieldMessage.key(of: input.input.name)] = input.input }
        let negatives = declared.filter { $0.key.hasPrefix("no_") && declared[String($0.key.dropFirst(3))] != nil }
        for key in negatives.keys { declared[key] = nil }
        byKey = declared
        self.negatives = negatives
        self.inputs = inputs.map(\.input).filter { declared[FieldMessage.key(of: $0.name)] != nil }
    }
}
