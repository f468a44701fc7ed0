import Testing

/// The store states facts; the sentences a person reads are made in the
/// core (#37). Checked on the source: no string literal of the store holds
/// three or more words, outside SQL.
@Suite("The store holds no sentence addressed to a person")
struct StoreSentenceTests {
    /// Files that leave the store in #37's other parts, with their words:
    /// the fill-station policy goes to the core, the name rules to a target of their own.
    static let leaving: Set = [
        "FillCheck.swift", "FillRule.swift", "Billing/FillCharger.swift", "Compressors/CompressorCheck.swift", "ShownGas.swift",
        "UnicodeRules.swift", "UnicodeSecurity.swift", "UnicodeTables.swift", "ConfusableNames.swift", "EditDistance.swift",
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
        let found = try Self.sentences(skipping: Self.leaving.union(Self.diagnostics))
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
            let others = Self.leaving.union(Self.diagnostics.subtracting([file]))
            let files = try LayeringTests.code(of: "LogbookStore").map(\.file).filter { !others.contains($0) }
            #expect(files.contains(file), "\(file) is no longer in the store")
            #expect(try Self.sentences(skipping: others).contains { $0.hasPrefix(file + ":") }, "\(file) has no sentence left")
        }
    }
}
