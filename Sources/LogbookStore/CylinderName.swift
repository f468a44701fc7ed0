import InputRules
import NitroxCalculator

/// A cylinder's name as the club writes it: "Club 07", "Ali's AL80".
///
/// Names are trimmed, 1–64 characters, free of control and invisible
/// characters, kept in Unicode NFC, and unique under NFKC_Casefold:
/// regardless of case, of how an accent was typed and of compatibility
/// forms, so "club 07" and "ＣＬＵＢ 07" find "Club 07", and "STRASSE" finds
/// "Straße". A new name must also not pass for another (see
/// ``UnicodeRules/lookAlikeProblem(in:)``); a name already in the log that
/// those rules refuse still finds its cylinder.
public struct CylinderName: Sendable, Hashable, CustomStringConvertible {
    /// The longest name accepted: 64 characters, or 64 code points for a new one.
    public static let maximumLength = 64

    /// The name as first written, trimmed, in NFC.
    public let text: String

    /// The form two names are compared in: NFKC_Casefold, in NFC.
    public var key: String { UnicodeRules.fold(text) }

    /// The name as first written.
    public var description: String { text }

    /// Refuses a new name longer than the schema allows: 64 code points, as
    /// SQLite's length() counts them. A name of 64 characters that holds
    /// combining marks can be longer; older logbooks may hold such names,
    /// which stay usable, but no new one is written. Refuses, too, a new name
    /// that could pass for another or break a line; names already written
    /// stay usable.
    func checkNewName(noun: String = "cylinder name") throws(FieldError) {
        let length = text.unicodeScalars.count
        guard length <= CylinderName.maximumLength else {
            throw FieldError(.invalidText(what: noun, value: text, .tooManyCodePointsForNewName(count: length, maximum: CylinderName.maximumLength)))
        }
        if let problem = UnicodeRules.lookAlikeProblem(in: text) {
            throw FieldError(.invalidText(what: noun, value: text, .lookAlike(problem)))
        }
    }

    /// Reads a name as typed: trimmed, checked, and put in NFC.
    public init(parsing raw: String) throws(FieldError) {
        try self.init(parsing: raw, noun: "cylinder name")
    }

    /// Reads a name as typed, by the rules of cylinder names; an error calls it `noun`.
    init(parsing raw: String, noun: String) throws(FieldError) {
        let trimmed = trimmingWhitespace(raw)
        guard !trimmed.isEmpty else {
            throw FieldError(.invalidText(what: noun, value: raw, .empty(maximum: CylinderName.maximumLength)))
        }
        guard trimmed.utf8.count <= CylinderName.maximumLength || trimmed.count <= CylinderName.maximumLength else {
            throw FieldError(.invalidText(what: noun, value: raw, .charactersOutside(count: trimmed.count, maximum: CylinderName.maximumLength)))
        }
        guard !containsControlCharacter(trimmed, allowingLineBreaks: false) else {
            throw FieldError(.invalidText(what: noun, value: raw, .controlCharacters(allowingLineBreaks: false)))
        }
        if let invisible = UnicodeRules.firstInvisible(in: trimmed) {
            throw FieldError(.invalidText(what: noun, value: raw, .invisibleCharacter(codePoint: UnicodeRules.codePoint(invisible), inName: true)))
        }
        text = UnicodeRules.nfc(trimmed)
    }
}

/// Removes leading and trailing white space (Unicode White_Space).
func trimmingWhitespace(_ text: String) -> String {
    // Most names start and end with a visible ASCII character: nothing to trim.
    if let first = text.utf8.first, let last = text.utf8.last,
        (0x21...0x7E).contains(first), (0x21...0x7E).contains(last)
    {
        return text
    }
    let scalars = text.unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
    else { return "" }
    return String(scalars[first...last])
}

/// Whether `text` holds a control character (Unicode category Cc: U+0000–001F
/// and U+007F–009F). Tab, line feed and carriage return are allowed where a
/// note may span lines.
func containsControlCharacter(_ text: String, allowingLineBreaks: Bool) -> Bool {
    for scalar in text.unicodeScalars {
        let value = scalar.value
        guard value < 0x20 || (0x7F...0x9F).contains(value) else { continue }
        if allowingLineBreaks, value == 0x09 || value == 0x0A || value == 0x0D { continue }
        return true
    }
    return false
}
