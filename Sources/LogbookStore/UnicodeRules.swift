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

    /// The form in which names are compared: NFC and lower case. Lower-casing
    /// can leave a string out of NFC, so it is normalized after.
    public static func fold(_ text: String) -> String {
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
