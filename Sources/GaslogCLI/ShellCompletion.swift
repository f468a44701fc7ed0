import GaslogCore

/// Completion scripts for bash, zsh and fish, generated from the command tree,
/// so that a command or option added there completes with nothing written
/// twice. Cylinder names come from `gaslog __complete cylinders`.
enum ShellCompletion {
    /// What the gas options offer: the names divers write most, each of which
    /// the gas parser reads.
    private static let gasNames = ["air", "EAN32", "EAN36", "EAN40", "EAN50", "EAN80", "oxygen"]

    /// A command, with everything a shell needs to know.
    private struct Node {
        let path: String
        let command: CommandSpec
        /// Its own options and the global ones; the root's own are the global ones.
        var options: [OptionSpec] {
            path.isEmpty ? command.options : command.options + CommandTree.root.options.filter { $0.name != "version" }
        }
    }

    private static var nodes: [Node] {
        var nodes: [Node] = []
        func visit(_ command: CommandSpec, _ path: [String]) {
            nodes.append(Node(path: path.joined(separator: " "), command: command))
            for subcommand in command.visibleSubcommands { visit(subcommand, path + [subcommand.name]) }
        }
        visit(CommandTree.root, [])
        return nodes
    }

    /// The name of every option that takes a value, in any command: the word
    /// after it is its value, not an argument.
    private static var valueOptionNames: [String] {
        var names: [String] = []
        for node in nodes {
            for option in node.options where option.takesValue && !names.contains(option.name) {
                names.append(option.name)
            }
        }
        return names
    }

    /// The setting keys that have fixed values, with those values.
    private static var settingChoices: [(key: String, choices: [String])] {
        Setting.allCases.filter { !$0.choices.isEmpty }.map { ($0.key, $0.choices) }
    }

    /// `case "$lastarg" in "unit") … ;; esac`, for bash and zsh: the values of
    /// the setting that the argument before the cursor names.
    private static func settingValuesCase(_ value: (ValueCompletion) -> String) -> String {
        let cases = settingChoices.map { "\"\($0.key)\") \(value(.choices($0.choices))) ;;" }
        return "case \"$lastarg\" in \(cases.joined(separator: " ")) esac"
    }

    private static func shellWords(_ words: [String]) -> String { words.joined(separator: " ") }

    private static func longOptions(_ node: Node) -> [String] {
        node.options.map { "--" + $0.name }
    }

    /// What differs between bash's and zsh's completion functions; the
    /// logic is the same and is written once, in ``completionFunction(_:)``.
    private struct Dialect: Sendable {
        /// The array of words on the command line, and the index of the word being completed.
        let words: String
        let current: String
        /// The index of the first word after `gaslog`.
        let firstWord: Int
        let prologue: String
        /// The command that offers the words that follow it.
        let offer: String
        let value: @Sendable (ValueCompletion) -> String

        static let bash = Dialect(
            words: "COMP_WORDS", current: "COMP_CWORD", firstWord: 1, prologue: "COMPREPLY=()",
            offer: "_gaslog_offer \"$cur\"", value: bashValue)
        static let zsh = Dialect(
            words: "words", current: "CURRENT", firstWord: 2, prologue: ":",
            offer: "compadd --", value: zshValue)
    }

    /// `_gaslog`: finds the command path and the argument being completed,
    /// then offers an option's values, the options, the subcommands or the
    /// argument's values.
    private static func completionFunction(_ dialect: Dialect) -> String {
        let words = dialect.words, current = dialect.current
        var script = """
            _gaslog() {
                local cur="${\(words)[\(current)]}" cmdpath="" word i positional=0 lastarg="" skip=0
                \(dialect.prologue)
                for ((i = \(dialect.firstWord); i < \(current); i++)); do
                    word="${\(words)[i]}"
                    if ((skip)); then skip=0; continue; fi
                    case "$word" in
                        \(valueOptionNames.map { "--" + $0 }.joined(separator: "|"))) skip=1; continue ;;
                        -*) continue ;;
                    esac
                    case "$cmdpath" in

            """
        for node in nodes where node.command.hasSubcommands {
            let names = node.command.visibleSubcommands.map(\.name)
            let next = node.path.isEmpty ? "$word" : "\(node.path) $word"
            script += "            \"\(node.path)\") case \"$word\" in \(names.joined(separator: "|"))) cmdpath=\"\(next)\"; continue ;; esac ;;\n"
        }
        // The same option can take different values in different commands
        // (`table --from` a gas, `blend --from` a pressure), so an option's
        // values are looked up with the command's path.
        script += """
                    esac
                    positional=$((positional + 1))
                    lastarg="$word"
                done
                if ((skip)); then
                    case "$cmdpath ${\(words)[\(current)-1]}" in

            """
        for node in nodes where !node.path.isEmpty {
            for option in node.command.options where option.takesValue && option.completion != .none {
                script += "            \"\(node.path) --\(option.name)\") \(dialect.value(option.completion)) ;;\n"
            }
        }
        for option in CommandTree.root.options where option.takesValue && option.completion != .none {
            script += "            *\" --\(option.name)\") \(dialect.value(option.completion)) ;;\n"
        }
        script += """
                    esac
                    return
                fi
                if [[ "$cur" == -* ]]; then
                    case "$cmdpath" in

            """
        for node in nodes {
            script += "            \"\(node.path)\") \(dialect.offer) \(shellWords(longOptions(node))) ;;\n"
        }
        script += """
                    esac
                    return
                fi
                case "$cmdpath" in

            """
        for node in nodes {
            if node.command.hasSubcommands {
                let names = node.command.visibleSubcommands.map(\.name) + (node.path.isEmpty ? ["help"] : [])
                script += "        \"\(node.path)\") \(dialect.offer) \(shellWords(names)) ;;\n"
                continue
            }
            let cases = node.command.arguments.enumerated().compactMap { index, argument -> String? in
                argument.completion == .none ? nil : "\(index)) \(dialect.value(argument.completion)) ;;"
            }
            if !cases.isEmpty {
                script += "        \"\(node.path)\") case $positional in \(cases.joined(separator: " ")) esac ;;\n"
            }
        }
        return script + """
                esac
            }
            """
    }

    // MARK: bash

    static var bash: String {
        let script = """
            # bash completion for gaslog, generated by 'gaslog completions bash'.
            # Install: gaslog completions bash > ~/.local/share/bash-completion/completions/gaslog
            # or add 'source <(gaslog completions bash)' to ~/.bashrc. Needs no bash-completion package.

            _gaslog_cylinders() {
                local db="" i
                for ((i = 1; i < ${#COMP_WORDS[@]}; i++)); do
                    case "${COMP_WORDS[i]}" in
                        --db) db="${COMP_WORDS[i+1]}" ;;
                        --db=*) db="${COMP_WORDS[i]#--db=}" ;;
                    esac
                done
                if [[ -n "$db" ]]; then gaslog --db "$db" __complete cylinders 2>/dev/null; else gaslog __complete cylinders 2>/dev/null; fi
            }

            _gaslog_offer() {
                local cur="$1" candidate quoted
                shift
                for candidate in "$@"; do
                    if [[ "$candidate" == "$cur"* ]]; then
                        printf -v quoted '%q' "$candidate"
                        COMPREPLY+=("$quoted")
                    fi
                done
            }

            _gaslog_complete_value() {
                local cur="$1" kind="$2"
                shift 2
                case "$kind" in
                    cylinders) local names; mapfile -t names < <(_gaslog_cylinders); _gaslog_offer "$cur" "${names[@]}" ;;
                    files) mapfile -t COMPREPLY < <(compgen -f -- "$cur") ;;
                    choices) _gaslog_offer "$cur" "$@" ;;
                esac
            }

            """ + completionFunction(.bash) + """

                complete -F _gaslog gaslog

                """
        return script
    }

    private static func bashValue(_ completion: ValueCompletion) -> String {
        switch completion {
        case .none: ":"
        case .cylinders: "_gaslog_complete_value \"$cur\" cylinders"
        case .files: "_gaslog_complete_value \"$cur\" files"
        case .choices(let choices): "_gaslog_complete_value \"$cur\" choices \(shellWords(choices))"
        case .gases: bashValue(.choices(gasNames))
        case .settingValues: settingValuesCase(bashValue)
        }
    }

    // MARK: zsh

    static var zsh: String {
        let script = """
            #compdef gaslog
            # zsh completion for gaslog, generated by 'gaslog completions zsh'.
            # Install: gaslog completions zsh > "${fpath[1]}/_gaslog", then restart zsh
            # (or run 'source <(gaslog completions zsh)' after compinit).

            _gaslog_cylinders() {
                local -a names
                local db="${opt_args[--db]}" i
                for ((i = 2; i < CURRENT; i++)); do
                    [[ "${words[i]}" == --db ]] && db="${words[i+1]}"
                    [[ "${words[i]}" == --db=* ]] && db="${words[i]#--db=}"
                done
                if [[ -n "$db" ]]; then
                    names=("${(@f)$(gaslog --db "$db" __complete cylinders 2>/dev/null)}")
                else
                    names=("${(@f)$(gaslog __complete cylinders 2>/dev/null)}")
                fi
                compadd -a names
            }

            """ + completionFunction(.zsh) + """

                if [[ "${zsh_eval_context[-1]}" == loadautofunc ]]; then
                    _gaslog "$@"
                else
                    compdef _gaslog gaslog
                fi

                """
        return script
    }

    private static func zshValue(_ completion: ValueCompletion) -> String {
        switch completion {
        case .none: ":"
        case .cylinders: "_gaslog_cylinders"
        case .files: "_files"
        case .choices(let choices): "compadd -- \(shellWords(choices))"
        case .gases: zshValue(.choices(gasNames))
        case .settingValues: settingValuesCase(zshValue)
        }
    }

    // MARK: fish

    static var fish: String {
        var script = """
            # fish completion for gaslog, generated by 'gaslog completions fish'.
            # Install: gaslog completions fish > ~/.config/fish/completions/gaslog.fish

            # Prints the command path before the cursor, then each argument given
            # to it, one a line.
            function __gaslog_state
                set -l tokens (commandline -opc)
                set -e tokens[1]
                set -l cmdpath ''
                set -l arguments
                set -l skip 0
                for word in $tokens
                    if test $skip -eq 1
                        set skip 0
                        continue
                    end
                    switch $word
                        case \(valueOptionNames.map { "--" + $0 }.joined(separator: " "))
                            set skip 1
                            continue
                        case '-*'
                            continue
                    end
                    switch "$cmdpath"

            """
        for node in nodes where node.command.hasSubcommands {
            let names = node.command.visibleSubcommands.map(\.name)
            let next = node.path.isEmpty ? "$word" : "\(node.path) $word"
            script += """
                        case '\(node.path)'
                            if contains -- $word \(shellWords(names))
                                set cmdpath "\(next)"
                                continue
                            end

                """
        }
        script += """
                    end
                    set -a arguments $word
                end
                printf '%s\\n' "$cmdpath" $arguments
            end

            # Whether the command path is $argv[1]; given $argv[2], whether that many
            # arguments come before the cursor; given $argv[3], whether the last is that.
            function __gaslog_in
                set -l state (__gaslog_state)
                test "$state[1]" = "$argv[1]"; or return 1
                set -e state[1]
                if set -q argv[2]
                    test (count $state) -eq $argv[2]; or return 1
                end
                if set -q argv[3]
                    test "$state[-1]" = "$argv[3]"; or return 1
                end
            end

            function __gaslog_cylinders
                set -l tokens (commandline -opc)
                set -l index (contains -i -- --db $tokens)
                if test -n "$index"
                    gaslog --db $tokens[(math $index + 1)] __complete cylinders 2>/dev/null
                else
                    gaslog __complete cylinders 2>/dev/null
                end
            end

            complete -c gaslog -f

            """
        for node in nodes {
            let condition = "-n '__gaslog_in \"\(node.path)\"'"
            for subcommand in node.command.visibleSubcommands {
                script += "complete -c gaslog \(condition) -a \(subcommand.name) -d \(fishQuoted(summary(subcommand.abstract)))\n"
            }
            for option in node.options {
                var line = "complete -c gaslog \(condition) -l \(option.name)"
                if let short = option.shortName { line += " -s \(short)" }
                if option.takesValue { line += " " + (fishValues(option.completion) ?? "-x") }
                script += line + " -d \(fishQuoted(summary(option.help)))\n"
            }
            for (index, argument) in node.command.arguments.enumerated() {
                if argument.completion == .settingValues {
                    for (key, choices) in settingChoices {
                        let after = "-n '__gaslog_in \"\(node.path)\" \(index) \"\(key)\"'"
                        script += "complete -c gaslog \(after) -a \(fishQuoted(shellWords(choices)))\n"
                    }
                } else if let values = fishValues(argument.completion) {
                    script += "complete -c gaslog -n '__gaslog_in \"\(node.path)\" \(index)' \(values)\n"
                }
            }
        }
        return script
    }

    /// The `complete` flags that offer a value, or `nil` where fish offers
    /// nothing (or, for a setting's values, needs a line per setting).
    private static func fishValues(_ completion: ValueCompletion) -> String? {
        switch completion {
        case .none, .settingValues: nil
        case .cylinders: "-x -a '(__gaslog_cylinders)'"
        case .files: "-r -F"
        case .choices(let choices): "-x -a \(fishQuoted(shellWords(choices)))"
        case .gases: fishValues(.choices(gasNames))
        }
    }

    /// The first sentence, short enough for a completion menu.
    private static func summary(_ text: String) -> String {
        let sentence = text.split(separator: ".", maxSplits: 1).first.map(String.init) ?? text
        return sentence.count > 70 ? String(sentence.prefix(67)) + "..." : sentence
    }

    private static func fishQuoted(_ text: String) -> String {
        "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
    }
}
