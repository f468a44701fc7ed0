import Foundation
import Testing

/// The store states facts; the sentences a person reads, and the
/// fill-station policy that decides them, are the core's (#37). Checked on
/// the source: no string literal of the store holds three or more words,
/// outside SQL, and the store declares no type of the policy.
@Suite("The store holds no sentence addressed to a person, and no fill-station policy")
struct StoreSentenceTests {
    /// The fill-station policy's types that once lived in the store.
    static let policyTypes: Set = [
        "FillRule", "FillRefusal", "OxygenNeed", "FillCheck", "FillRules", "FillCharger", "CompressorCheck", "ShownGas", "UnknownFact",
        "CompressorFact", "AnalysisTolerance", "FillRecorder", "BlendPlanner",
    ]

    /// Files whose only words are for gaslog's developers: a broken
    /// precondition of the SQLite wrapper, never shown to a person who uses
    /// gaslog rightly; the last test keeps the list honest.
    static let diagnostics: Set = ["AuditRowFormat.swift", "GroupCommit.swift", "Statement.swift"]

    /// Whether `literal` reads as words to a person: three or more words of
    /// letters once interpolations are taken out, and no SQL keyword.
    static func isSentence(_ literal: String) -> Bool {
        if literal.contains(/\b(SELECT|INSERT|UPDATE|DELETE|CREATE|PRAGMA|WHERE|ORDER BY|FROM|JOIN|DROP|ALTER|VALUES|SAVEPOINT|RELEASE)\b/) {
            return false
        }
        var text = literal
        while let interpolation = text.firstRange(of: /\\\([^()]*(\([^()]*\)[^()]*)*\)/) {
            text.replaceSubrange(interpolation, with: " ")
        }
        let words = text.split(whereSeparator: \.isWhitespace).filter { $0.wholeMatch(of: /[A-Za-z][a-z']*[,;:.?]?/) != nil }
        return words.count >= 3
    }

    /// Each sentence in the store, by file, outside the files listed above.
    static func sentences(skipping skipped: Set<String>) throws -> [String] {
        var found: [String] = []
        for (file, code) in try LayeringTests.code(of: "LogbookStore") where !skipped.contains(file) {
            for literal in LayeringTests.stringLiterals(in: code) where isSentence(literal) {
                found.append("\(file): \(literal)")
            }
        }
        return found
    }

    @Test("No file under Sources/LogbookStore holds a person-facing sentence")
    func storeHasNoSentences() throws {
        let found = try Self.sentences(skipping: Self.diagnostics)
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    @Test("The check finds words and passes over SQL, column names and interpolated facts")
    func checkWorks() {
        #expect(Self.isSentence("cylinder \\(quoted(name)) is already in the log"))
        #expect(Self.isSentence("expected yes or no"))
        #expect(!Self.isSentence("SELECT id FROM fills WHERE cylinder_id = :cylinder_id"))
        #expect(!Self.isSentence("top_off_o2_permille"))
        #expect(!Self.isSentence("\\(name) \\(kind(of: value)) \\(key)"))
        #expect(!Self.isSentence("cylinder add"))
    }

    @Test("Every file listed as holding diagnostics holds one")
    func diagnosticsAreCurrent() throws {
        for file in Self.diagnostics {
            let others = Self.diagnostics.subtracting([file])
            let files = try LayeringTests.code(of: "LogbookStore").map(\.file).filter { !others.contains($0) }
            #expect(files.contains(file), "\(file) is no longer in the store")
            #expect(try Self.sentences(skipping: others).contains { $0.hasPrefix(file + ":") }, "\(file) has no sentence left")
        }
    }

    /// The names of the types that `code` declares.
    static func declaredTypes(in code: String) -> Set<String> {
        Set(code.matches(of: /\b(?:struct|enum|class|actor|protocol|typealias)\s+([A-Za-z_][A-Za-z0-9_]*)/).map { String($0.1) })
    }

    @Test("No file under Sources/LogbookStore declares a type of the fill-station policy: its rules, checks, refusals and words are the core's")
    func storeHasNoPolicyTypes() throws {
        // The types the core's fill-station folder declares, and those that lived in the store before.
        let corePolicy = try LayeringTests.code(of: "GaslogCore/FillStation").reduce(into: Set<String>()) { types, file in
            types.formUnion(Self.declaredTypes(in: file.text))
        }
        #expect(Self.policyTypes.isSubset(of: corePolicy), "\(Self.policyTypes.subtracting(corePolicy).sorted()) left the core")
        for (file, code) in try LayeringTests.code(of: "LogbookStore") {
            let declared = Self.declaredTypes(in: code).intersection(Self.policyTypes.union(corePolicy))
            #expect(declared.isEmpty, "\(file) declares \(declared.sorted())")
        }
    }

    /// What would show the store deciding how far ahead an entry may be
    /// dated: the allowance's or the old helpers' names, or the words, in code or comments.
    static var futureLimit: Regex<Substring> { /(?i)clock.?skew|allowance|latestFillTime|checkNotAhead|EntryTimeLimit/ }

    @Test("No file under Sources/LogbookStore mentions the clock skew or works out the latest time an entry may carry: the core passes it in")
    func storeDecidesNoFutureLimit() throws {
        let folder = LayeringTests.sources.appendingPathComponent("LogbookStore")
        let files = (FileManager.default.subpaths(atPath: folder.path) ?? []).filter { $0.hasSuffix(".swift") }
        #expect(!files.isEmpty, "no sources in \(folder.path)")
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            #expect(text.firstMatch(of: Self.futureLimit) == nil, "\(file) mentions the future-date limit")
        }
        // The core holds it, and the check finds it there.
        let core = try LayeringTests.code(of: "GaslogCore/FillStation").map(\.text).joined()
        #expect(core.contains(Self.futureLimit) && core.contains("clockSkewAllowance"))
    }

    @Test("The declarations found are the types declared, nested ones too, and not names that merely contain a keyword")
    func declarationsFound() {
        #expect(Self.declaredTypes(in: "public enum FillRule: Sendable {\n    public struct Remedy {}\n}") == ["FillRule", "Remedy"])
        #expect(Self.declaredTypes(in: "let structure = FillRule.retired.code; func enumerated(_ rules: [FillRule])").isEmpty)
    }
}
