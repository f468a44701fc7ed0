/// The `gaslog(1)` man page in roff, generated from the command tree.
enum ManPage {
    /// The date the page carries; it changes with the version, not each run.
    static let date = "2026-11-29"

    static var roff: String {
        let root = CommandTree.root
        var page = """
        .TH GASLOG 1 "\(date)" "gaslog \(CommandTree.version)" "User Commands"
        .\\" Left-adjusted and unhyphenated: paths, times and CSV columns must not be split or stretched.
        .ad l
        .nh
        .SH NAME
        gaslog \\- \(escape(lowercasedFirst(root.abstract)))
        .SH SYNOPSIS
        .B gaslog
        [\\fB\\-\\-db\\fR \\fIpath\\fR] [\\fB\\-\\-color\\fR \\fIwhen\\fR] [\\fB\\-\\-quiet\\fR]
        \\fIcommand\\fR [\\fIoptions\\fR] [\\fIarguments\\fR]
        .SH DESCRIPTION
        \(paragraphs(root.discussion ?? ""))
        .PP
        Options may come before or after arguments; \\fB\\-\\-name=value\\fR and \\fB\\-\\-name value\\fR both work, and
        \\fB\\-\\-\\fR ends the options.
        Every command has \\fB\\-\\-help\\fR.
        .SH GLOBAL OPTIONS

        """
        for option in root.options {
            page += optionEntry(option)
        }
        page += ".SH COMMANDS\n"
        func describe(_ command: CommandSpec, _ path: [String]) {
            guard !command.isHidden else { return }
            if command.handler != nil {
                page += ".SS \"\(escape(HelpFormatter.usage(of: path)))\"\n"
                page += escape(command.abstract) + "\n"
                if let discussion = command.discussion {
                    page += ".PP\n" + paragraphs(discussion) + "\n"
                }
                for argument in command.arguments {
                    page += ".TP\n.I \(argument.name)\n\(escape(argument.help))\n"
                }
                for option in command.options {
                    page += optionEntry(option)
                }
            }
            for subcommand in command.subcommands {
                describe(subcommand, path + [subcommand.name])
            }
        }
        for command in root.subcommands {
            describe(command, [command.name])
        }
        page += ".SH EXIT STATUS\n"
        for status in ExitStatus.allCases {
            page += ".TP\n.B \(status.rawValue)\n\(escape(status.meaning))\n"
        }
        page += """
        .SH ENVIRONMENT
        .TP
        .B GASLOG_DB
        The logbook database, when \\fB\\-\\-db\\fR is not given.
        .TP
        .B XDG_DATA_HOME
        When set to an absolute path, the logbook is \\fI$XDG_DATA_HOME/gaslog/gaslog.sqlite\\fR.
        .TP
        .B HOME
        Otherwise the logbook is \\fI~/.local/share/gaslog/gaslog.sqlite\\fR.
        .TP
        .B NO_COLOR
        When set and not empty, human output is not styled, unless \\fB\\-\\-color always\\fR is given.
        .TP
        .B TERM
        When \\fBdumb\\fR, human output is not styled.
        .SH FILES
        .TP
        .I ~/.local/share/gaslog/gaslog.sqlite
        The default logbook: one SQLite file in WAL mode, with its \\fI\\-wal\\fR and \\fI\\-shm\\fR companions.
        .SH EXAMPLES

        """
        let examples = root.subcommands.filter { !$0.isHidden }.flatMap { command in
            command.examples + command.subcommands.flatMap(\.examples)
        }
        for example in root.examples + examples {
            page += ".PP\n.nf\n\(escape(example))\n.fi\n"
        }
        page += ".SH SEE ALSO\n.BR sqlite3 (1)\n"
        return page
    }

    private static func optionEntry(_ option: OptionSpec) -> String {
        var names = "\\fB\\-\\-\(escape(option.name))\\fR"
        if let short = option.shortName { names = "\\fB\\-\(short)\\fR, " + names }
        if let value = option.valueName { names += " \\fI\(escape(value))\\fR" }
        return ".TP\n\(names)\n\(escape(option.help))\n"
    }

    /// Paragraphs separated by `.PP`, each line safe for roff.
    private static func paragraphs(_ text: String) -> String {
        text.split(separator: "\n").map { escape(String($0)) }.joined(separator: "\n.PP\n")
    }

    private static func lowercasedFirst(_ text: String) -> String {
        (text.first.map { String($0).lowercased() } ?? "") + text.dropFirst()
    }

    /// Escapes roff's special characters: backslashes, hyphens meant as
    /// minus signs, and a leading dot or quote that roff would read as a request.
    static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\\": result += "\\e"
            case "-": result += "\\-"
            default: result.append(character)
            }
        }
        if result.hasPrefix(".") || result.hasPrefix("'") { result = "\\&" + result }
        return result
    }
}
