import GaslogCLI
import GaslogCore

// TEMPORARY: the command routes not yet moved to use cases.
extension RequestInput {
    /// The options no request may give: the command line's own.
    static let refusedOptions: Set<String> = ["json", "db", "color", "quiet", "help", "version", "output", "no-o2-clean"]

    /// The options of `command` a request may give: all but the refused
    /// ones, and a negative flag (`no-o2-clean`) is its pair's false.
    static func allowedOptions(of command: CommandSpec) -> [OptionSpec] {
        let names = Set(command.options.map(\.name))
        return command.options.filter { option in
            !refusedOptions.contains(option.name) && !(option.name.hasPrefix("no-") && names.contains(String(option.name.dropFirst(3))))
        }
    }

    /// The command-line words for these values, for `command`: each key must
    /// be one of its options. Positional keys (`cylinder`) are taken out and
    /// returned apart.
    func arguments(for command: CommandSpec, positional: Set<String>) throws(APIError) -> (options: [String], positional: [String: String]) {
        let refused = RequestInput.refusedOptions
        let optionNamed: (String) -> OptionSpec? = { name in command.options.first { $0.name == name } }
        var words: [String] = []
        var taken: [String: String] = [:]
        for (key, given) in values {
            var value = given
            let name = String(key.map { $0 == "_" ? "-" : $0 })
            if flagsFromText, case .text(let text) = given, let option = optionNamed(name), !option.takesValue {
                guard text == "true" || text == "false" else { throw .badInput("the value of '\(key)' must be true or false") }
                value = .flag(text == "true")
            }
            if positional.contains(key) {
                guard case .text(let text) = value else { throw .badInput("the value of '\(key)' must be a string") }
                taken[key] = text
                continue
            }
            guard !refused.contains(name), let option = optionNamed(name) else { throw .badInput("unknown key '\(key)'", field: key) }
            switch (value, option.takesValue) {
            case (.text(let text), true):
                words.append("--\(name)=\(text)")
            case (.texts(let texts), true) where option.isRepeatable:
                words += texts.map { "--\(name)=\($0)" }
            case (.flag(let on), false):
                // A flag pair is one key: o2_clean true or false.
                if on {
                    words.append("--\(name)")
                } else if optionNamed("no-\(name)") != nil {
                    words.append("--no-\(name)")
                }
            case (.flag, true), (.texts, _):
                throw .badInput("the value of '\(key)' must be a string or a number")
            case (.text, false):
                throw .badInput("the value of '\(key)' must be true or false")
            }
        }
        return (words, taken)
    }
}

extension Route {
    /// What a command route takes: the command's options less the refused
    /// ones, and its positional arguments from the path or, by name, the body.
    func commandInputs(_ call: CommandCall) -> RouteInputs {
        let command = CommandTree.command(at: call.command)
        let options = RequestInput.allowedOptions(of: command).map { Route.key(.option($0)) }
        var inputs = RouteInputs()
        var positional: [RouteInputs.Key] = []
        let inPath = Set(parameterNames)
        for (index, name) in call.positional.enumerated() {
            let spec = index < command.arguments.count ? InputSpec.argument(command.arguments[index]) : nil
            if inPath.contains(name) {
                inputs.path.append(Route.key(spec, named: name, required: true))
            } else {
                positional.append(Route.key(spec, named: name, required: true))
            }
        }
        // The path's order, whatever the order of the command's arguments.
        inputs.path.sort { a, b in (parameterNames.firstIndex(of: a.name) ?? 0) < (parameterNames.firstIndex(of: b.name) ?? 0) }
        switch call.input {
        case .query: inputs.query = positional + options
        case .body: inputs.body = .json(positional + options)
        }
        return inputs
    }
}

extension OpenAPIDocument {
    /// gaslog's version, for the document's `info`.
    static var version: String { CommandTree.version }
}
