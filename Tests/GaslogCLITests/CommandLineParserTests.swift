import Testing

@testable import GaslogCLI

@Suite("Command-line parsing")
struct CommandLineParserTests {
    func parse(_ arguments: String...) throws(CommandError) -> Invocation {
        try CommandLineParser.parse(arguments)
    }

    func failure(_ arguments: String...) -> CommandError? {
        do {
            _ = try CommandLineParser.parse(arguments)
            return nil
        } catch {
            return error
        }
    }

    @Test func optionsBeforeAndAfterArguments() throws {
        let after = try parse("fill", "Club 07", "--o2", "32", "--ppo2=1.6")
        let before = try parse("fill", "--o2=32", "--ppo2", "1.6", "Club 07")
        let global = try parse("--db", "x.sqlite", "fill", "Club 07", "--o2", "32", "--ppo2", "1.6")
        for invocation in [after, before, global] {
            #expect(invocation.commandPath == ["fill"])
            #expect(invocation.arguments == ["Club 07"])
            #expect(invocation.values["o2"] == "32")
            #expect(invocation.values["ppo2"] == "1.6")
        }
        #expect(global.values["db"] == "x.sqlite")
    }

    @Test func doubleDashEndsOptions() throws {
        let invocation = try parse("fill", "--o2", "32", "--", "-2+3")
        #expect(invocation.arguments == ["-2+3"])
        #expect(try parse("fill", "x", "--o2", "32", "--note=-x").values["note"] == "-x")
        #expect(try parse("fill", "x", "--o2", "32", "--note", "-x").values["note"] == "-x")
        #expect(try parse("fill", "x", "--o2=", ).values["o2"] == "")
    }

    @Test func negativeNumbersAreValues() throws {
        #expect(try parse("mod", "--o2", "-5").values["o2"] == "-5")
    }

    @Test func help() throws {
        #expect(try parse("--help").wantsHelp)
        #expect(try parse("-h").wantsHelp)
        #expect(try parse("help").wantsHelp)
        let topic = try parse("help", "mod")
        #expect(topic.wantsHelp && topic.commandPath == ["mod"])
        let flag = try parse("mod", "--help")
        #expect(flag.wantsHelp && flag.commandPath == ["mod"])
        // Help wins over what would otherwise be an error.
        #expect(try parse("fill", "-h").wantsHelp)
        #expect(try parse("--version").wantsVersion)
    }

    @Test(
        "Errors read like swift-argument-parser's",
        arguments: [
            (["mod", "--x"], "unknown option '--x'"),
            (["mod", "-x"], "unknown option '-x'"),
            (["mod", "--o2"], "missing value for '--o2 <gas>'"),
            (["mod", "--o2", "--ppo2", "1.4"], "missing value for '--o2 <gas>'"),
            (["mod", "--json=yes"], "option '--json' takes no value"),
            (["mod", "--o2", "32", "--o2", "36"], "option '--o2' was given more than once"),
            (["mod", "a", "b"], "unexpected argument 'b'"),
            (["fill", "--o2", "32"], "missing expected argument '<cylinder>'"),
            (["fill", "x"], "missing expected option '--o2 <gas>'"),
            (["frobnicate"], "unknown command 'frobnicate'"),
            (["help", "frobnicate"], "unknown command 'frobnicate'"),
        ])
    func errors(arguments: [String], message: String) {
        do {
            _ = try CommandLineParser.parse(arguments)
            Issue.record("\(arguments) parsed")
        } catch {
            #expect(error.message == message)
            #expect(error.status == .usage)
            #expect(error.usageCommandPath != nil)
        }
    }

    @Test func helpAndUsageComeFromTheDeclaration() {
        let usage = HelpFormatter.usage(of: ["fill"])
        #expect(usage.hasPrefix("gaslog fill --o2 <gas> [--he <percent>] [--ppo2 <ppo2>]"))
        #expect(usage.hasSuffix("<cylinder>"))
        for command in CommandTree.root.subcommands {
            let help = HelpFormatter.help(for: [command.name])
            #expect(help.contains(command.abstract.prefix(40)))
            for option in command.options {
                #expect(help.contains(option.synopsis), "\(command.name) help lacks \(option.synopsis)")
            }
        }
    }
}
