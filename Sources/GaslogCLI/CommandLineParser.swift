import GaslogCore
import NitroxCalculator

/// Turns `gaslog`'s arguments into an ``Invocation``, following the command
/// tree. A pure function: it reads nothing and prints nothing.
///
/// The conventions are the usual ones: `--name value` and `--name=value`,
/// `-h`, `--` to end the options, options before or after the positional
/// arguments, and global options (such as `--db`) at any level.
public enum CommandLineParser {
    /// Parses the arguments after the program name against `tree`, refusing whatever the tree does not declare or allow.
    public static func parse(_ arguments: [String], tree: CommandSpec = CommandTree.root) throws(CommandError) -> Invocation {
        var invocation = Invocation()
        var command = tree
        var optionsEnded = false
        var helpTopic: [String]?
        var index = 0

        while index < arguments.count {
            let argument = arguments[index]
            index += 1

            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                if let topic = helpTopic {
                    helpTopic = topic + [argument]
                } else if invocation.arguments.isEmpty, command.hasSubcommands, !optionsEnded {
                    if invocation.commandPath.isEmpty, argument == "help" {
                        helpTopic = []
                        continue
                    }
                    guard let subcommand = command.subcommand(named: argument) else {
                        throw .usage("unknown command '\(argument)'", invocation.commandPath)
                    }
                    command = subcommand
                    invocation.commandPath.append(argument)
                } else {
                    invocation.arguments.append(argument)
                }
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }

            let (name, inlineValue) = split(argument)
            guard let option = lookUp(name, in: command, tree: tree) else {
                throw .usage("unknown option '\(name)'", invocation.commandPath)
            }
            if option.name == CommonOptions.help.spec.name {
                invocation.wantsHelp = true
                continue
            }
            if option.name == CommonOptions.version.spec.name {
                invocation.wantsVersion = true
                continue
            }
            guard option.takesValue else {
                if inlineValue != nil {
                    throw .usage("option '--\(option.name)' takes no value", invocation.commandPath)
                }
                guard !invocation.flags.contains(option.name) else {
                    throw .usage("option '--\(option.name)' was given more than once", invocation.commandPath)
                }
                invocation.flags.insert(option.name)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < arguments.count, !looksLikeOption(arguments[index], in: command, tree: tree) {
                value = arguments[index]
                index += 1
            } else {
                throw .usage("missing value for '\(option.synopsis)'", invocation.commandPath)
            }
            // A fixed set is enforced here, so that no handler checks it again.
            if !option.choices.isEmpty, !option.choices.contains(value.lowercased()) {
                throw .badValue("invalid value \(quoted(value)) for --\(option.name): expected " + ChoiceError.list(option.choices))
            }
            if option.isRepeatable {
                invocation.repeatedValues[option.name, default: []].append(value)
                invocation.values[option.name] = invocation.values[option.name] ?? value
                continue
            }
            guard invocation.values.updateValue(value, forKey: option.name) == nil else {
                throw .usage("option '--\(option.name)' was given more than once", invocation.commandPath)
            }
        }

        if let helpTopic {
            var topic = tree
            for name in helpTopic {
                guard let subcommand = topic.subcommand(named: name) else {
                    throw .usage("unknown command '\(name)'", [])
                }
                topic = subcommand
            }
            invocation.commandPath = helpTopic
            invocation.wantsHelp = true
            return invocation
        }
        if invocation.wantsHelp || invocation.wantsVersion || command.handler == nil {
            return invocation
        }
        try checkArgumentCount(invocation, command: command)
        return invocation
    }

    /// Finds the spec a command's options or the global options declare.
    private static func lookUp(_ name: String, in command: CommandSpec, tree: CommandSpec) -> OptionSpec? {
        // The command's own first, then the global ones, without copying either list.
        if name.hasPrefix("--") {
            let longName = name.dropFirst(2)
            return command.options.first { $0.name == longName } ?? tree.options.first { $0.name == longName }
        }
        guard name.count == 2, let short = name.last else { return nil }
        return command.options.first { $0.shortName == short } ?? tree.options.first { $0.shortName == short }
    }

    /// `--name=value` into its parts; a short option never carries a value.
    private static func split(_ argument: String) -> (name: String, value: String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else {
            return (argument, nil)
        }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    /// Whether the token after a value-taking option is another option rather
    /// than its value. Anything else that starts with a dash is a value, so
    /// that `--o2 -5` is refused for its range and `--note -x` is a note.
    private static func looksLikeOption(_ token: String, in command: CommandSpec, tree: CommandSpec) -> Bool {
        token.hasPrefix("--") || (token.count == 2 && lookUp(token, in: command, tree: tree) != nil)
    }

    private static func checkArgumentCount(_ invocation: Invocation, command: CommandSpec) throws(CommandError) {
        let given = invocation.arguments.count
        if given > command.arguments.count {
            throw .usage("unexpected argument '\(invocation.arguments[command.arguments.count])'", invocation.commandPath)
        }
        if let missing = command.arguments.dropFirst(given).first(where: { !$0.isOptional }) {
            throw .usage("missing expected argument '<\(missing.name)>'", invocation.commandPath)
        }
        if let missing = command.options.first(where: { $0.isRequired && invocation.values[$0.name] == nil }) {
            throw .usage("missing expected option '\(missing.synopsis)'", invocation.commandPath)
        }
    }
}
