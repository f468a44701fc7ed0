import NitroxCalculator

/// UTS #39's mechanisms for names that must not pass for another: the
/// single-script rule (section 5.1) and the confusable skeleton (section 4),
/// from the generated tables (see ``UnicodeTables/scriptsVersion`` and
/// ``UnicodeTables/confusablesVersion``).
extension UnicodeRules {
    /// The UTS #39 skeleton of `text`: each scalar replaced by its prototype
    /// from confusables.txt (through its canonical decomposition), default
    /// ignorables removed, in NFC. Two strings are confusable when their
    /// skeletons are equal: `Club Ο1` (Greek Omicron), `Club 0Ι` (Greek Iota)
    /// and `Ꮯlub 01` (Cherokee) all have the skeleton of `Club 01`.
    public static func skeleton(_ text: String) -> String {
        var mapped = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if let prototype = Skeletons.mapping(of: scalar.value) {
                mapped.append(contentsOf: prototype)
            } else {
                mapped.append(scalar)
            }
        }
        return nfc(String(mapped))
    }

    /// The skeletons a name is compared by, each folded: of the name as
    /// written, of its key and of its upper case. Names that differ only in
    /// case are one name, so a look-alike in either case is one: `Cluƅ 01`'s
    /// small tone six has no prototype, its capital `Ƅ` has `b`.
    public static func skeletons(of text: String) -> Set<String> {
        [fold(skeleton(text)), fold(skeleton(fold(text))), fold(skeleton(text.uppercased()))]
    }

    /// The scalar's Script_Extensions, augmented as UTS #39 section 5.1 says:
    /// Common and Inherited are every script; Han adds Han with Bopomofo,
    /// Japanese and Korean; Hiragana and Katakana add Japanese; Hangul adds
    /// Korean; Bopomofo adds Han with Bopomofo.
    static func augmentedScripts(of scalar: Unicode.Scalar) -> ScriptSet {
        Scripts.table.augmented(of: scalar.value)
    }

    /// Why a word is not single-script (its resolved script set is empty),
    /// naming the character that leaves the rest of the word: `nil` when it is.
    static func mixedScripts(in word: ArraySlice<Unicode.Scalar>) -> String? {
        let table = Scripts.table
        let sets = word.map { table.augmented(of: $0.value) }
        guard sets.reduce(ScriptSet.all, { $0.intersection($1) }).isEmpty else { return nil }
        // The character without which the rest is single-script; else the
        // first at which the word stops being single-script.
        var culprit: Int?
        var rest = ScriptSet.all
        for index in sets.indices {
            var others = ScriptSet.all
            for (other, set) in sets.enumerated() where other != index { others = others.intersection(set) }
            if !others.isEmpty {
                culprit = index
                rest = others
                break
            }
        }
        if culprit == nil {
            var running = ScriptSet.all
            for (index, set) in sets.enumerated() {
                if running.intersection(set).isEmpty {
                    culprit = index
                    rest = running
                    break
                }
                running = running.intersection(set)
            }
        }
        let index = culprit ?? 0
        let scalar = word[word.startIndex + index]
        return "it mixes \(table.names(of: sets[index])) with \(table.names(of: rest)) in one word "
            + "(\(quoted(String(scalar))), \(codePoint(scalar))), so that it could pass for another name"
    }
}

/// A set of scripts, by their index in ``Scripts/table``; `all` stands for
/// every script, as Common and Inherited characters resolve.
struct ScriptSet: Equatable, Sendable {
    var words: (UInt64, UInt64, UInt64, UInt64)
    var isAll: Bool

    static let all = ScriptSet(words: (0, 0, 0, 0), isAll: true)
    static let empty = ScriptSet(words: (0, 0, 0, 0), isAll: false)

    static func == (a: ScriptSet, b: ScriptSet) -> Bool {
        a.isAll == b.isAll && a.words == b.words
    }

    var isEmpty: Bool { !isAll && words == (0, 0, 0, 0) }

    func contains(_ index: Int) -> Bool {
        if isAll { return true }
        let word: UInt64
        switch index / 64 {
        case 0: word = words.0
        case 1: word = words.1
        case 2: word = words.2
        default: word = words.3
        }
        return word & (1 << UInt64(index % 64)) != 0
    }

    mutating func insert(_ index: Int) {
        let bit: UInt64 = 1 << UInt64(index % 64)
        switch index / 64 {
        case 0: words.0 |= bit
        case 1: words.1 |= bit
        case 2: words.2 |= bit
        default: words.3 |= bit
        }
    }

    func intersection(_ other: ScriptSet) -> ScriptSet {
        if isAll { return other }
        if other.isAll { return self }
        return ScriptSet(
            words: (words.0 & other.words.0, words.1 & other.words.1, words.2 & other.words.2, words.3 & other.words.3), isAll: false)
    }
}

/// ``UnicodeTables/scriptExtensions`` and ``UnicodeTables/scriptNames``,
/// decoded at first use.
struct Scripts: Sendable {
    /// Short script names, by index.
    let shortNames: [String]
    /// Long script names, by index.
    let longNames: [String]
    /// Runs of code points with one augmented set, in code point order.
    let starts: [UInt32]
    let ends: [UInt32]
    let sets: [ScriptSet]
    /// The set of a code point no run holds: Unknown.
    let unknown: ScriptSet

    static let table = Scripts()

    private init() {
        var shortNames: [String] = []
        var longNames: [String] = []
        var index: [String: Int] = [:]
        for entry in UnicodeTables.scriptNames.split(whereSeparator: { $0 == ";" || $0 == "\n" }) {
            let pair = entry.split(separator: "=", maxSplits: 1)
            let short = String(pair[0].drop { $0 == " " })
            index[short] = shortNames.count
            shortNames.append(short)
            longNames.append(String(pair[1]))
        }
        func set(_ names: [Substring]) -> ScriptSet {
            var set = ScriptSet.empty
            for name in names {
                switch name {
                case "Zyyy", "Zinh": return .all
                case "Hani": ["Hani", "Hanb", "Jpan", "Kore"].forEach { set.insert(index[$0]!) }
                case "Hira", "Kana": [String(name), "Jpan"].forEach { set.insert(index[$0]!) }
                case "Hang": ["Hang", "Kore"].forEach { set.insert(index[$0]!) }
                case "Bopo": ["Bopo", "Hanb"].forEach { set.insert(index[$0]!) }
                default: set.insert(index[String(name)]!)
                }
            }
            return set
        }
        var starts: [UInt32] = []
        var ends: [UInt32] = []
        var sets: [ScriptSet] = []
        for entry in UnicodeTables.scriptExtensions.split(whereSeparator: { $0 == ";" || $0 == "\n" }) {
            let trimmed = entry.drop { $0 == " " }
            guard !trimmed.isEmpty else { continue }
            let pair = trimmed.split(separator: "=", maxSplits: 1)
            let span = pair[0].split(separator: "-")
            starts.append(UInt32(span[0], radix: 16)!)
            ends.append(UInt32(span[span.count - 1], radix: 16)!)
            sets.append(set(pair[1].split(separator: " ")))
        }
        self.shortNames = shortNames
        self.longNames = longNames
        self.starts = starts
        self.ends = ends
        self.sets = sets
        unknown = set(["Zzzz"])
    }

    func augmented(of value: UInt32) -> ScriptSet {
        var low = 0
        var high = starts.count
        while low < high {
            let middle = (low + high) / 2
            if starts[middle] <= value { low = middle + 1 } else { high = middle }
        }
        guard low > 0, value <= ends[low - 1] else { return unknown }
        return sets[low - 1]
    }

    /// `Latin`, or `Han or Japanese` for a set of several, without the
    /// augmented sets unless they are all it holds.
    func names(of set: ScriptSet) -> String {
        let augmented: Set<String> = ["Hanb", "Jpan", "Kore"]
        let members = shortNames.indices.filter { set.contains($0) }
        let plain = members.filter { !augmented.contains(shortNames[$0]) }
        return (plain.isEmpty ? members : plain).map { longNames[$0] }.joined(separator: " or ")
    }
}

/// ``UnicodeTables/skeleton``, decoded at first use, in the encoding of
/// ``UnicodeTables/nfkcCasefold``.
enum Skeletons {
    static let entries: [NFKCCasefold.Entry] = NFKCCasefold.decode(UnicodeTables.skeleton)

    /// The scalar's skeleton, or `nil` when it is its own.
    static func mapping(of value: UInt32) -> [Unicode.Scalar]? {
        NFKCCasefold.mapping(of: value, in: entries)
    }
}
