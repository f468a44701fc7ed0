import GaslogCore

/// Generates help and usage text from the command tree.
enum HelpFormatter {
    /// `gaslog mod [<cylinder>] [--o2 <gas>] …`
    static func usage(of path: [String]) -> String {
        let command = CommandTree.command(at: path)
        var parts = ["gaslog"] + path
        if command.hasSubcommands {
            parts.append("<command>")
        }
        for option in command.options {
            parts.append(option.isRequired ? option.synopsis : "[\(option.synopsis)]")
        }
        for argument in command.arguments {
            parts.append(argument.synopsis)
        }
        return parts.joined(separator: " ")
    }

    static func help(for path: [String]) -> String {
        let command = CommandTree.command(at: path)
        var text = "OVERVIEW: \(command.abstract)\n"
        if let discussion = command.discussion {
            text += "\n" + wrap(discussion, indent: 0) + "\n"
        }
        text += "\nUSAGE: \(usage(of: path))\n"
        if !command.arguments.isEmpty {
            text += "\nARGUMENTS:\n"
            for argument in command.arguments {
                text += row("<\(argument.name)>", argument.help)
            }
        }
        let globalOptions = CommandTree.root.options
        let options = path.isEmpty ? globalOptions : command.options + globalOptions.filter { $0.name != "version" }
        text += "\nOPTIONS:\n"
        for option in options {
            let names = option.shortName.map { "-\($0), \(option.synopsis)" } ?? option.synopsis
            text += row(names, option.help)
        }
        if command.hasSubcommands {
            text += "\nSUBCOMMANDS:\n"
            for subcommand in command.visibleSubcommands {
                text += row(subcommand.name, subcommand.abstract)
            }
            let prefix = (["gaslog"] + path).joined(separator: " ")
            text += "\n  See '\(prefix) <subcommand> --help' for details.\n"
        }
        if !command.examples.isEmpty {
            text += "\nEXAMPLES:\n"
            for example in command.examples {
                text += "  \(example)\n"
            }
        }
        return text
    }

    /// One two-column row, the help wrapped under its own column.
    private static func row(_ name: String, _ help: String) -> String {
        let column = 26
        let indent = String(repeating: " ", count: column)
        let wrapped = wrap(help, indent: column)
        if name.count + 2 < column {
            let padding = String(repeating: " ", count: column - name.count - 2)
            return "  " + name + padding + wrapped.dropFirst(column) + "\n"
        }
        return "  " + name + "\n" + indent + wrapped.dropFirst(column) + "\n"
    }

    /// Wraps each paragraph of `text` at 80 columns, every line indented by
    /// `indent` spaces.
    static func wrap(_ text: String, indent: Int) -> String {
        let margin = String(repeating: " ", count: indent)
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = margin
            for word in paragraph.split(separator: " ") {
                if line.count > indent, line.count + 1 + word.count > 80 {
                    lines.append(line)
                    line = margin
                }
                line += (line.count > indent ? " " : "") + word
            }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}
