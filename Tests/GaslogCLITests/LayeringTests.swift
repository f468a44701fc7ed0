import Foundation
import Testing

@testable import GaslogCLI

/// The rules that keep the layers apart, checked on the source itself: the
/// store states facts without any front end's words, and the command line
/// reads options only through their typed declarations.
@Suite("Layering: the store has no command-line words; the CLI has no force unwraps")
struct LayeringTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")

    /// Every Swift file of a target, with its comments removed.
    static func code(of target: String) throws -> [(file: String, text: String)] {
        let folder = sources.appendingPathComponent(target)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }.sorted()
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
}
