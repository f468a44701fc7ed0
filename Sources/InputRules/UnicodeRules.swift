import NitroxCalculator

/// The Unicode rules that make two names that look alike one name, and keep
/// invisible characters out of the names people read off a screen.
public enum UnicodeRules {
    /// `text` in Normalization Form C, so that `é` typed as one code point or
    /// as `e` + U+0301 is stored and compared as one spelling.
    ///
    /// The standard library's own normalizer, which backs `String` equality,
    /// does the work: Foundation would put ICU on the command line's start-up
    /// path. It is underscored, but public and stable in the ABI.
    public static func nfc(_ text: String) -> String {
        // ASCII is always in NFC.
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text }
        return String(decoding: text._nfcCodeUnits, as: UTF8.self)
    }

    /// The form in which names are compared: Unicode's NFKC_Casefold
    /// (UAX #44), so that `Straße` is `STRASSE`, `ＣＬＵＢ 03` is `Club 03`,
    /// `ﬁ` is `fi` and default-ignorable characters such as the zero-width
    /// joiner drop out. Each scalar is mapped through the generated table of
    /// ``UnicodeTables/unicodeVersion`` and the result put in NFC, as the
    /// standard defines toNFKC_Casefold.
    public static func fold(_ text: String) -> String {
        // ASCII folds to its lower case, which the table would give too.
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.lowercased() }
        var folded = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if let mapped = NFKCCasefold.mapping(of: scalar.value) {
                folded.append(contentsOf: mapped)
            } else {
                folded.append(scalar)
            }
        }
        return nfc(String(folded))
    }

    /// How names were compared from schema 5 to schema 8: NFC and lower
    /// case. Migration 5 rewrote keys with it, as `gaslog_fold()`, and it
    /// must rewrite them the same way on a logbook that reaches it today.
    public static func lowercaseFold(_ text: String) -> String {
        nfc(text.lowercased())
    }

    /// Characters that show nothing, or reorder what follows, so that two
    /// names that look identical would differ: soft hyphen, Arabic letter
    /// mark, zero-width space, the directional marks, embeddings, overrides
    /// and isolates, word joiner and invisible operators, and the byte-order
    /// mark. The zero-width joiner (U+200D) is not among them: emoji
    /// sequences need it.
    public static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00AD, 0x061C, 0x200B, 0x200E, 0x200F, 0x202A...0x202E, 0x2060...0x2064, 0x2066...0x2069, 0xFEFF: true
        default: false
        }
    }

    /// The first invisible character in `text`, if any.
    public static func firstInvisible(in text: String) -> Unicode.Scalar? {
        text.unicodeScalars.first(where: isInvisible)
    }

    /// `U+200B`, as a message names a character that cannot be seen.
    public static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}

extension UnicodeRules {
    /// Why `text`, as a new name, could pass for another name or break a
    /// line, as the end of a message (`it holds …`); `nil` when it cannot.
    /// Names already in a logbook are never checked again: they stay valid.
    ///
    /// - U+2028 and U+2029 break a name across lines.
    /// - A zero-width joiner or non-joiner is invisible, except inside an
    ///   emoji sequence: between two Extended_Pictographic characters, the
    ///   first optionally followed by variation selectors or skin tones.
    /// - A word (split at white space) that is not single-script by UTS #39
    ///   (section 5.1: its resolved script set, augmented, is empty) looks
    ///   like a word of one script: `Сlub` with a Cyrillic `С`, `Ꮯlub` with
    ///   a Cherokee `Ꮯ`. `東京タワー` is one script: Japanese.
    /// - Two or more white-space characters in a row look like one.
    /// - `.` and `..` are what a browser rewrites in a page's address.
    public static func lookAlikeProblem(in text: String) -> String? {
        if text == "." || text == ".." {
            return "a name may not be \(quoted(text)), which a browser rewrites in a page's address"
        }
        let scalars = Array(text.unicodeScalars)
        for index in scalars.indices.dropFirst()
        where scalars[index].properties.isWhitespace && scalars[index - 1].properties.isWhitespace {
            return "it holds two spaces in a row, which look like one, so that it could pass for another name"
        }
        for (index, scalar) in scalars.enumerated() {
            switch scalar.value {
            case 0x2028:
                return "it holds the line separator \(codePoint(scalar)), which breaks a name across lines"
            case 0x2029:
                return "it holds the paragraph separator \(codePoint(scalar)), which breaks a name across lines"
            case 0x200C...0x200D where !isInsideEmojiSequence(scalars, at: index):
                let kind = scalar.value == 0x200D ? "zero-width joiner" : "zero-width non-joiner"
                return "it holds the invisible \(kind) \(codePoint(scalar)) outside an emoji sequence, which would make two names look the same"
            default:
                continue
            }
        }
        for word in scalars.split(whereSeparator: \.properties.isWhitespace) {
            if let problem = mixedScripts(in: word) { return problem }
        }
        return nil
    }

    /// Whether the joiner at `index` joins two emoji: an Extended_Pictographic
    /// character before it (past any variation selectors and skin-tone
    /// modifiers) and one right after it.
    static func isInsideEmojiSequence(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        guard index + 1 < scalars.count, isExtendedPictographic(scalars[index + 1]) else { return false }
        var before = index - 1
        while before >= 0, (0xFE00...0xFE0F).contains(scalars[before].value) || (0x1F3FB...0x1F3FF).contains(scalars[before].value) {
            before -= 1
        }
        return before >= 0 && isExtendedPictographic(scalars[before])
    }

    /// Whether the scalar is Extended_Pictographic, by the generated table.
    static func isExtendedPictographic(_ scalar: Unicode.Scalar) -> Bool {
        let ranges = NFKCCasefold.extendedPictographic
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].lowerBound <= scalar.value { low = middle + 1 } else { high = middle }
        }
        return low > 0 && ranges[low - 1].contains(scalar.value)
    }
}

/// The generated tables, decoded at first use: a name in ASCII never needs them.
enum NFKCCasefold {
    /// Code points from `start` to `end`, every `step`th, that map alike.
    struct Entry: Sendable {
        let start: UInt32
        let end: UInt32
        let step: UInt32
        /// What `start` maps to; in a run, each later code point maps to
        /// the one scalar here plus its distance from `start`. Empty when
        /// the code points are removed.
        let targets: [Unicode.Scalar]
    }

    /// ``UnicodeTables/nfkcCasefold``, in code point order, read in one pass.
    static let entries: [Entry] = decode(UnicodeTables.nfkcCasefold)

    /// Reads a table of this encoding in one pass.
    static func decode(_ table: String) -> [Entry] {
        var entries: [Entry] = []
        entries.reserveCapacity(4_096)
        var text = table
        text.withUTF8 { bytes in
            var reader = HexReader(bytes: bytes)
            while reader.skipSeparators() {
                let start = reader.number()
                let end = reader.take(UInt8(ascii: "-")) ? reader.number() : start
                let step = reader.take(UInt8(ascii: "/")) ? reader.number() : 1
                _ = reader.take(UInt8(ascii: "="))
                var targets: [Unicode.Scalar] = []
                while reader.hasDigit || reader.take(UInt8(ascii: " ")) {
                    if reader.hasDigit { targets.append(Unicode.Scalar(reader.number())!) }
                }
                entries.append(Entry(start: start, end: end, step: step, targets: targets))
            }
        }
        return entries
    }

    /// ``UnicodeTables/extendedPictographic``, in code point order.
    static let extendedPictographic: [ClosedRange<UInt32>] = {
        var ranges: [ClosedRange<UInt32>] = []
        var text = UnicodeTables.extendedPictographic
        text.withUTF8 { bytes in
            var reader = HexReader(bytes: bytes)
            while reader.skipSeparators() {
                let start = reader.number()
                ranges.append(start...(reader.take(UInt8(ascii: "-")) ? reader.number() : start))
            }
        }
        return ranges
    }()

    /// What NFKC_Casefold maps the code point to, or `nil` when it keeps it.
    static func mapping(of value: UInt32) -> [Unicode.Scalar]? {
        mapping(of: value, in: entries)
    }

    /// What a table of this encoding maps the code point to, or `nil`.
    static func mapping(of value: UInt32, in entries: [Entry]) -> [Unicode.Scalar]? {
        var low = 0
        var high = entries.count
        while low < high {
            let middle = (low + high) / 2
            if entries[middle].start <= value { low = middle + 1 } else { high = middle }
        }
        guard low > 0 else { return nil }
        let entry = entries[low - 1]
        guard value <= entry.end, (value - entry.start) % entry.step == 0 else { return nil }
        guard value != entry.start, let first = entry.targets.first else { return entry.targets }
        return [Unicode.Scalar(first.value + value - entry.start)!]
    }
}

/// Reads the tables' upper-case hex numbers and their punctuation.
struct HexReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    var hasDigit: Bool { index < bytes.count && HexReader.digit(bytes[index]) != nil }

    /// Skips `;` and line feeds; whether an entry follows.
    mutating func skipSeparators() -> Bool {
        while index < bytes.count, bytes[index] == UInt8(ascii: ";") || bytes[index] == UInt8(ascii: "\n") { index += 1 }
        return index < bytes.count
    }

    /// Takes `byte` if it comes next.
    mutating func take(_ byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    mutating func number() -> UInt32 {
        var value: UInt32 = 0
        while index < bytes.count, let digit = HexReader.digit(bytes[index]) {
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    static func digit(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }
}
