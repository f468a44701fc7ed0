import InputRules
import NitroxCalculator

/// The free-text fields of a fill, validated so that the log holds what a
/// person typed, exactly, and nothing a terminal or spreadsheet would act on.
public enum FillText {
    /// Names and certificate numbers: one line, 1–64 characters.
    public static let maximumNameLength = 64
    /// Notes and reasons: up to 1,000 characters, line breaks allowed.
    public static let maximumNoteLength = 1000

    /// Validates a blender's or diver's name, a certificate number, or a
    /// cylinder's serial or owner.
    public static func name(_ raw: String, field: String) throws(FieldError) -> String {
        let name = try validated(raw, field: field, maximumLength: maximumNameLength, allowsLineBreaks: false)
        // A name or number is read off a screen and searched for: an invisible
        // character would make two that look the same differ. Notes keep any text.
        if let invisible = UnicodeRules.firstInvisible(in: name) {
            throw FieldError(.invalidText(what: field, value: raw, .invisibleCharacter(codePoint: UnicodeRules.codePoint(invisible), inName: false)))
        }
        return name
    }

    /// Validates a note or a reason.
    public static func note(_ raw: String, field: String) throws(FieldError) -> String {
        try validated(raw, field: field, maximumLength: maximumNoteLength, allowsLineBreaks: true)
    }

    private static func validated(_ raw: String, field: String, maximumLength: Int, allowsLineBreaks: Bool) throws(FieldError) -> String {
        guard !trimmingWhitespace(raw).isEmpty else {
            throw FieldError(.invalidText(what: field, value: raw, .empty(maximum: maximumLength)))
        }
        // Code points, as SQLite's length() and JSON Schema's maxLength count
        // them: a grapheme count lets combining marks or CRLF past the schema's CHECK.
        let length = raw.unicodeScalars.count
        guard length <= maximumLength else {
            throw FieldError(.invalidText(what: field, value: nil, .tooManyCharacters(count: length, maximum: maximumLength)))
        }
        guard !containsControlCharacter(raw, allowingLineBreaks: allowsLineBreaks) else {
            throw FieldError(.invalidText(what: field, value: raw, .controlCharacters(allowingLineBreaks: allowsLineBreaks)))
        }
        return raw
    }
}
