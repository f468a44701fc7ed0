import Testing

@testable import GaslogCLI
@testable import GaslogCore
@testable import LogbookStore
@testable import NitroxCalculator

/// Options are declared with their value types; the parser enforces what the
/// declarations say, and handlers read values back typed.
@Suite("Typed options: choices and required options enforced by the parser, values read back typed")
struct TypedOptionTests {
    /// Every command in the tree, with its path.
    static func commands(_ spec: CommandSpec = CommandTree.root, path: [String] = []) -> [(path: [String], spec: CommandSpec)] {
        [(path, spec)] + spec.subcommands.flatMap { commands($0, path: path + [$0.name]) }
    }

    /// A command line that satisfies `spec`'s required arguments and options,
    /// but for `excluded`, so that only the option under test can fail. A
    /// required option with a fixed set of values gets the first; the others
    /// take a number.
    static func minimalLine(_ path: [String], _ spec: CommandSpec, except excluded: String? = nil) -> [String] {
        let arguments = spec.arguments.filter { !$0.isOptional }.map { _ in "x" }
        let options = spec.options.filter { $0.isRequired && $0.name != excluded }.flatMap { ["--\($0.name)", $0.choices.first ?? "32"] }
        return path + arguments + options
    }

    @Test("Every option with a fixed set of values refuses any other, and accepts each in any case")
    func choicesAreEnforced() throws {
        var checked = 0
        for (path, spec) in Self.commands() where spec.handler != nil {
            for option in (spec.options + CommandTree.root.options) where !option.choices.isEmpty {
                let line = Self.minimalLine(path, spec, except: option.name)
                #expect(throws: CommandError.self) { try CommandLineParser.parse(line + ["--\(option.name)", "bogus"]) }
                do {
                    _ = try CommandLineParser.parse(line + ["--\(option.name)", "bogus"])
                } catch {
                    let expected =
                        option.choices.count == 2
                        ? "\(option.choices[0]) or \(option.choices[1])"
                        : option.choices.dropLast().joined(separator: ", ") + " or " + option.choices[option.choices.count - 1]
                    #expect(error.message == "invalid value 'bogus' for --\(option.name): expected \(expected)")
                    #expect(error.status == .usage)
                }
                for choice in option.choices {
                    let invocation = try CommandLineParser.parse(line + ["--\(option.name)", choice.uppercased()])
                    #expect(invocation.values[option.name] == choice.uppercased())
                }
                checked += 1
            }
        }
        // --unit, --round, --color, export's --format and user add's --role, across the commands that take them.
        #expect(checked >= 20)
    }

    @Test("A missing required option is refused by the parser, before any handler runs")
    func requiredOptionsAreEnforced() {
        for (path, spec) in Self.commands() where spec.handler != nil {
            for required in spec.options where required.isRequired {
                let line = Self.minimalLine(path, spec)
                let without =
                    Array(line.prefix(while: { $0 != "--\(required.name)" }))
                    + line.drop(while: { $0 != "--\(required.name)" }).dropFirst(2)
                #expect(throws: CommandError.usage("missing expected option '\(required.synopsis)'", path)) {
                    try CommandLineParser.parse(without)
                }
            }
        }
    }

    @Test("Handlers read values back typed, from the declaration")
    func valuesAreTyped() throws {
        let invocation = try CommandLineParser.parse([
            "fill", "Club 07", "--o2", "EAN32", "--diver-o2", "32.4", "--at", "2025-11-20T08:00Z", "--accept-difference",
        ])
        let context = CommandContext(invocation: invocation, environment: [:], output: .inMemory(), errors: .inMemory())
        #expect(try context.value(RecordFill.cylinder).text == "Club 07")
        #expect(try context.value(RecordFill.o2) == GasReading(oxygenPermille: 320, heliumPermille: nil))
        #expect(try context.gas(RecordFill.o2, helium: CommonOptions.he) == GasMix(oxygenPermille: 320))
        #expect(try context.value(RecordFill.diverO2) == GasReading(oxygenPermille: 324, heliumPermille: nil))
        #expect(try context.value(RecordFill.at) == Timestamp(parsing: "2025-11-20T08:00:00Z"))
        #expect(try context.value(RecordFill.note) == nil)
        #expect(context.isSet(RecordFill.acceptDifference))
        #expect(!context.isSet(CommonOptions.json))
    }

    @Test("A value the type refuses is bad input naming the option")
    func refusedValues() throws {
        let invocation = try CommandLineParser.parse(["fill", "A", "--o2", "20.9"])
        let context = CommandContext(invocation: invocation, environment: [:], output: .inMemory(), errors: .inMemory())
        #expect {
            try context.gas(RecordFill.o2, helium: CommonOptions.he)
        } throws: { error in
            let error = error as? CommandError
            return error?.status == .usage && error?.message.hasPrefix("invalid value '20.9' for --o2: ") == true
        }
    }

    @Test("Help, usage, the man page and completions show what the declarations say")
    func declarationsReachHelp() {
        let export = CommandTree.command(at: ["export"])
        let format = export.options.first { $0.name == "format" }
        #expect(format?.choices == ["csv", "json"] && format?.valueName == "format")
        #expect(format?.completion == .choices(["csv", "json"]))
        #expect(CommandTree.command(at: ["fill"]).options.first { $0.name == "o2" }?.isRequired == true)
        #expect(CommandTree.command(at: ["fill"]).options.first { $0.name == "diver-o2" }?.completion == .gases)
        #expect(HelpFormatter.usage(of: ["fill"]).contains("--o2 <gas>"))
        #expect(ManPage.roff.contains("csv (default) or json."))
    }
}
