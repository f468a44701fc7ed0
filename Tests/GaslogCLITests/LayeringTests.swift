import Foundation
import Testing

@testable import GaslogCLI

/// The rules that keep the layers apart, checked on the source itself: the
/// store states facts without any front end's words, the front ends reach
/// the store only through the core, and the command line reads options only
/// through their typed declarations.
@Suite("Layering: the store and the core's warnings have no command-line words; the server runs no command; one mapping per front end")
struct LayeringTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")

    /// Every Swift file of a target, with its comments removed.
    static func code(of target: String) throws -> [(file: String, text: String)] {
        let folder = sources.appendingPathComponent(target)
        let files = (FileManager.default.subpaths(atPath: folder.path) ?? []).filter { $0.hasSuffix(".swift") }.sorted()
        #expect(!files.isEmpty, "no sources in \(folder.path)")
        return try files.map { file in
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
                // A comment starts at "//" outside a string; gaslog's strings hold no "//" but URLs in comments.
                var inString = false
                var previous: Character = " "
                for index in line.indices {
                    let character = line[index]
                    if character == "\"" && previous != "\\" { inString.toggle() }
                    if !inString && character == "/" && previous == "/" { return line[..<line.index(before: index)] }
                    previous = character
                }
                return line
            }
            return (file, lines.joined(separator: "\n"))
        }
    }

    /// The contents of every string literal in `code`, one-line and multi-line.
    static func stringLiterals(in code: String) -> [String] {
        var literals: [String] = []
        var rest = Substring(code)
        while let start = rest.firstIndex(of: "\"") {
            if rest[start...].hasPrefix("\"\"\"") {
                let body = rest[rest.index(start, offsetBy: 3)...]
                guard let end = body.range(of: "\"\"\"") else { break }
                literals.append(String(body[..<end.lowerBound]))
                rest = body[end.upperBound...]
                continue
            }
            var index = rest.index(after: start)
            var literal = ""
            while index < rest.endIndex, rest[index] != "\"" {
                if rest[index] == "\\", rest.index(after: index) < rest.endIndex {
                    literal.append(rest[index])
                    index = rest.index(after: index)
                }
                literal.append(rest[index])
                index = rest.index(after: index)
            }
            literals.append(literal)
            rest = index < rest.endIndex ? rest[rest.index(after: index)...] : ""
        }
        return literals
    }

    @Test("No string in the store names a command-line option or a gaslog command")
    func storeHasNoCommandLineWords() throws {
        let commands = CommandTree.root.subcommands.map(\.name)
        var found: [String] = []
        for (file, code) in try Self.code(of: "LogbookStore") {
            for literal in Self.stringLiterals(in: code) {
                if literal.contains(/--[a-z]/) { found.append("\(file): \(literal)") }
                for command in commands where literal.contains("gaslog \(command)") {
                    found.append("\(file): \(literal)")
                }
            }
        }
        #expect(found.isEmpty, "\(found)")
    }

    @Test("The check finds an option and a command in a literal, and ignores comments")
    func checkWorks() {
        let code = #"let a = "use --override REASON" // see --help"# + "\n" + #"let b = "run 'gaslog list'""#
        #expect(Self.stringLiterals(in: code) == ["use --override REASON", "run 'gaslog list'"])
    }

    @Test("The command line has no force unwraps outside strings and comments")
    func noForceUnwraps() throws {
        var found: [String] = []
        for (file, code) in try Self.code(of: "GaslogCLI") {
            // Strings go first: a "!" inside one is text.
            let withoutStrings = code.replacing(/"""[\s\S]*?"""|"(?:[^"\\\n]|\\.)*"/, with: "\"\"")
            for line in withoutStrings.split(separator: "\n") where line.contains(/[\w)\]]!(?!=)/) {
                found.append("\(file): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(found.isEmpty, "\(found)")
    }

    @Test("The core and the command line import no Foundation; the server never imports the command line")
    func layersImport() throws {
        for target in ["GaslogCore", "GaslogCLI", "NitroxCalculator", "LogbookStore"] {
            for (file, code) in try Self.code(of: target) {
                #expect(!code.contains("import Foundation"), "\(target)/\(file)")
            }
        }
        for (file, code) in try Self.code(of: "GaslogServer") {
            #expect(!code.contains("import GaslogCLI"), "GaslogServer/\(file)")
            #expect(!code.contains("Gaslog.execute") && !code.contains("CommandLineParser"), "GaslogServer/\(file)")
        }
        let manifest = try String(contentsOf: Self.sources.deletingLastPathComponent().appendingPathComponent("Package.swift"), encoding: .utf8)
        let server = try #require(manifest.firstRange(of: #"name: "GaslogServer","#))
        let dependencies = manifest[server.upperBound...].prefix { $0 != "]" }
        #expect(!dependencies.contains("\"GaslogCLI\""), "\(dependencies)")
    }

    @Test("The front ends import the core, never the store, and Package.swift gives them no dependency on it")
    func frontEndsNeverImportTheStore() throws {
        for target in ["GaslogCLI", "GaslogServer"] {
            for (file, code) in try Self.code(of: target) {
                #expect(!code.contains(/import\s+(\w+\s+)?LogbookStore\b/), "\(target)/\(file)")
            }
        }
        let manifest = try String(contentsOf: Self.sources.deletingLastPathComponent().appendingPathComponent("Package.swift"), encoding: .utf8)
        for target in ["GaslogCLI", "GaslogServer"] {
            let declaration = try #require(manifest.firstRange(of: "name: \"\(target)\","), "\(target)")
            let dependencies = manifest[declaration.upperBound...].prefix { $0 != "]" }
            #expect(dependencies.contains("\"GaslogCore\""), "\(target): \(dependencies)")
            #expect(!dependencies.contains("\"LogbookStore\""), "\(target): \(dependencies)")
        }
    }

    @Test("Nothing public in the core takes or returns the store's logbook: the front ends hold an opaque OpenLogbook")
    func coreHidesTheStoresLogbook() throws {
        var found: [String] = []
        for (file, code) in try Self.code(of: "GaslogCore") {
            for line in code.split(separator: "\n") where line.contains("public ") && line.contains(/(->|:|\()\s*Logbook\b(?!\.)/) {
                found.append("\(file): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(found.isEmpty, "\(found)")
    }

    @Test("A warning's message names no option and no command")
    func warningsHaveNoCommandLineWords() throws {
        let commands = CommandTree.root.subcommands.map(\.name)
        let code = try #require(try Self.code(of: "GaslogCore").first { $0.file.hasSuffix("Warning.swift") }).text
        let message = try #require(code.firstRange(of: "public var message: String {"))
        let body = code[message.upperBound...].prefix { _ in true }
        let end = body.firstRange(of: "\n    }\n").map { body[..<$0.lowerBound] } ?? body
        for literal in Self.stringLiterals(in: String(end)) {
            #expect(!literal.contains("--"), "\(literal)")
            for command in commands { #expect(!literal.contains("gaslog \(command)"), "\(literal)") }
        }
    }

    @Test("Each front end maps the error categories in one switch, with no default")
    func oneMappingEach() throws {
        let mappings: [(target: String, file: String, start: String)] = [
            ("GaslogCore", "ExitStatus.swift", "public init(_ category: LogbookError.Category)"),
            ("GaslogServer", "APIError.swift", "init(_ error: LogbookError)"),
            ("GaslogServer", "WebError.swift", "init(_ error: LogbookError)"),
        ]
        for (target, file, start) in mappings {
            let code = try #require(try Self.code(of: target).first { $0.file.hasSuffix(file) }).text
            let begin = try #require(code.firstRange(of: start), "\(file)")
            let function = code[begin.lowerBound...].prefix(while: { _ in true })
            let end = function.firstRange(of: "\n    }\n").map { function[..<$0.lowerBound] } ?? function
            #expect(end.contains("switch error.category") || end.contains("switch category"), "\(file)")
            #expect(!end.contains("default:"), "\(file)")
        }
    }
}
