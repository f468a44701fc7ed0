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
