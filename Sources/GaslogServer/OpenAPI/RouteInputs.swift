import GaslogCore

/// What a route takes, read from its table entry: its path parameters, and
/// the keys of its query or its body, each with its schema. The OpenAPI
/// document is written from this, and the tests hold it to what the server
/// allows.
struct RouteInputs {
    /// One parameter or key.
    struct Key {
        /// As the API spells it: `working_pressure`, `id`.
        let name: String
        /// What one value may be.
        let schema: JSONSchema
        let isRequired: Bool
        /// Whether a body may give it as a list.
        let isRepeatable: Bool
        /// Its description: the input's help, in the API's words.
        let help: String
    }

    /// What the body is.
    enum Body {
        case none
        /// A JSON object of these keys and no other.
        case json([Key])
        /// A file of this media type.
        case file(mediaType: String)
    }

    /// The path's parameters, in the path's order.
    var path: [Key] = []
    /// The query's parameters.
    var query: [Key] = []
    var body: Body = .none

    /// The keys of the body's JSON object.
    var bodyKeys: [Key] {
        if case .json(let keys) = body { return keys }
        return []
    }
}

extension Route {
    /// The path's parameter names, in order.
    var parameterNames: [String] {
        segments.compactMap { segment in
            if case .parameter(let name) = segment { return name }
            return nil
        }
    }

    /// `/api/v1/cylinders/{name}`, as the table writes it.
    var pathPattern: String {
        "/"
            + segments.map { segment in
                switch segment {
                case .literal(let text): text
                case .parameter(let name): "{\(name)}"
                }
            }.joined(separator: "/")
    }

    /// Whether a success is 201 with a `Location`.
    var answersCreated: Bool {
        switch action {
        case .useCase(let call): call.answersCreated
        case .custom, .page, .signIn, .asset: false
        }
    }

    /// What the route takes.
    var inputs: RouteInputs {
        switch action {
        case .useCase(let call): useCaseInputs(call)
        case .custom(let call): customInputs(call)
        case .page, .signIn, .asset: RouteInputs()
        }
    }

    private func useCaseInputs(_ call: UseCaseCall) -> RouteInputs {
        let declared = call.allowed.inputs
        var inputs = RouteInputs()
        var bound: Set<String> = []
        for parameter in parameterNames {
            let name = call.pathInputs[parameter] ?? parameter
            bound.insert(name)
            let spec = declared.first { $0.name == name }
            inputs.path.append(Route.key(spec, named: parameter, required: true))
        }
        let keys = declared.filter { !bound.contains($0.name) }.map { Route.key($0) }
        switch call.input {
        case .query: inputs.query = keys
        case .body: inputs.body = .json(keys)
        }
        return inputs
    }

    private func customInputs(_ call: CustomCall) -> RouteInputs {
        var inputs = RouteInputs()
        inputs.path = parameterNames.map { name in Route.key(call.path[name]?.input, named: name, required: true) }
        inputs.query = AllowedInputs(call.query).inputs.map { Route.key($0) }
        switch call.body {
        case .none: break
        case .json(let declared): inputs.body = .json(AllowedInputs(declared).inputs.map { Route.key($0) })
        case .file(let mediaType): inputs.body = .file(mediaType: mediaType)
        }
        return inputs
    }

    /// The key of an input; a path parameter's name is its own.
    static func key(_ spec: InputSpec?, named name: String? = nil, required: Bool? = nil) -> RouteInputs.Key {
        switch spec {
        case .option(let option):
            RouteInputs.Key(
                name: name ?? FieldMessage.key(of: option.name), schema: option.schema, isRequired: required ?? option.isRequired,
                isRepeatable: option.isRepeatable, help: option.wording.api)
        case .argument(let argument):
            RouteInputs.Key(
                name: name ?? FieldMessage.key(of: argument.key), schema: argument.schema, isRequired: required ?? !argument.isOptional,
                isRepeatable: false, help: argument.wording.api)
        case nil:
            RouteInputs.Key(name: name ?? "", schema: .string, isRequired: required ?? false, isRepeatable: false, help: "")
        }
    }
}
