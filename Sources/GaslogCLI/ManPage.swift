import GaslogCore

/// The `gaslog(1)` man page in roff, generated from the command tree.
enum ManPage {
    /// The date the page carries; it changes with the version, not each run.
    static let date = "2026-11-29"

    /// The widest an example line may be. On an 80-column terminal man sets
    /// lines 78 columns long, and EXAMPLES is indented by 7; an example is
    /// not filled, so it must be broken before it gets there.
    static let exampleWidth = 71

    /// Glyphs that groff's ASCII and Latin-1 terminals lack, with what they
    /// show there instead: without these, `man` in a C locale warns.
    private static let asciiFallbacks: KeyValuePairs<Unicode.Scalar, String> = [
        "\u{2080}": "0", "\u{2081}": "1", "\u{2082}": "2", "\u{2083}": "3", "\u{2084}": "4",
        "\u{2085}": "5", "\u{2086}": "6", "\u{2087}": "7", "\u{2088}": "8", "\u{2089}": "9",
        "\u{2026}": "...",
    ]

    static var roff: String {
        let root = CommandTree.root
        var page = """
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
        page += settingsSection
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
        for example in examples {
            page += ".PP\n.EX\n" + exampleLines(example).map(escape).joined(separator: "\n") + "\n.EE\n"
        }
        page += ".SH SEE ALSO\n.BR sqlite3 (1)\n"
        let title = ".TH GASLOG 1 \"\(date)\" \"gaslog \(CommandTree.version)\" \"User Commands\"\n"
        return title + fallbackRequests(for: page) + page
    }

    /// Every setting with its default and the values it takes, so that the
    /// page follows ``Setting`` as `config` does.
    private static var settingsSection: String {
        var section = """
            .SH SETTINGS
            Each logbook keeps its own settings: \\fBgaslog config list\\fR shows them, and
            \\fBgaslog config set\\fR \\fIkey value\\fR changes one.
            Where a command has an option for a setting, such as \\fB\\-\\-unit\\fR, the option wins for that command.

            """
        for setting in Setting.allCases {
            section += ".TP\n\\fB\(escape(setting.key))\\fR (default \\fB\(escape(setting.defaultValue))\\fR)\n"
            section += escape(uppercasedFirst(setting.help)) + ".\n"
            if !setting.choices.isEmpty {
                section += "Values: " + setting.choices.map { "\\fB\(escape($0))\\fR" }.joined(separator: ", ") + ".\n"
            }
        }
        return section
    }

    /// Every visible command's examples, the root's first, each once: the
    /// root repeats some of its commands' examples.
    private static var examples: [String] {
        var examples: [String] = []
        func collect(_ command: CommandSpec) {
            guard !command.isHidden else { return }
            for example in command.examples where !examples.contains(example) {
                examples.append(example)
            }
            command.subcommands.forEach(collect)
        }
        collect(CommandTree.root)
        return examples
    }

    /// An example as lines of at most ``exampleWidth`` columns, each but the
    /// last ending in a shell line continuation and the rest indented, so
    /// that it can still be copied and run. Lines break between words, never
    /// inside quotes, and keep an option or a redirection with its word.
    static func exampleLines(_ example: String) -> [String] {
        let continuation = " \\", indent = "    "
        let units = exampleUnits(example)
        var lines: [String] = []
        var line = units.first ?? ""
        for (index, unit) in units.enumerated().dropFirst() {
            let joined = line + " " + unit
            // A line that more words follow must leave room for the continuation.
            let room = index == units.count - 1 ? exampleWidth : exampleWidth - continuation.count
            if joined.count <= room {
                line = joined
            } else {
                lines.append(line + continuation)
                line = indent + unit
            }
        }
        lines.append(line)
        return lines
    }

    /// The words of an example, quoted ones whole, each option or
    /// redirection joined to the value that follows it.
    private static func exampleUnits(_ example: String) -> [String] {
        var words: [String] = []
        var word = ""
        var quote: Character?
        for character in example {
            if let open = quote {
                word.append(character)
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
                word.append(character)
            } else if character == " " {
                if !word.isEmpty { words.append(word) }
                word = ""
            } else {
                word.append(character)
            }
        }
        if !word.isEmpty { words.append(word) }

        var units: [String] = []
        var takesNext = false
        for word in words {
            if takesNext, !word.hasPrefix("-"), let option = units.popLast() {
                units.append(option + " " + word)
                takesNext = false
            } else {
                units.append(word)
                takesNext = (word.hasPrefix("--") && word.count > 2) || ["<", ">", ">>", "|"].contains(word)
            }
        }
        return units
    }

    /// `.fchar` requests, which only groff knows, for the glyphs on `page`
    /// that ASCII terminals lack.
    private static func fallbackRequests(for page: String) -> String {
        asciiFallbacks.filter { page.contains(glyph($0.key)) }
            .map { ".if \\n(.g .fchar \(glyph($0.key)) \($0.value)\n" }
            .joined()
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

    private static func uppercasedFirst(_ text: String) -> String {
        (text.first.map { String($0).uppercased() } ?? "") + text.dropFirst()
    }

    /// Escapes roff's special characters: backslashes, hyphens meant as
    /// minus signs, and a leading dot or quote that roff would read as a
    /// request. Characters beyond ASCII become glyph escapes, because groff
    /// reads its input as Latin-1 unless it is told otherwise.
    static func escape(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\e"
            case "-": result += "\\-"
            case _ where !scalar.isASCII: result += glyph(scalar)
            default: result.unicodeScalars.append(scalar)
            }
        }
        if result.hasPrefix(".") || result.hasPrefix("'") { result = "\\&" + result }
        return result
    }

    /// `\[u2082]`: groff's name for a Unicode character, in at least four
    /// upper-case hex digits.
    private static func glyph(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
    }
}
