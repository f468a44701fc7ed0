import InputRules
import NitroxCalculator

/// An account's name, as a person logs in with it: trimmed, 1–64 Unicode
/// code points, one line, free of invisible characters and of `:`, kept in
/// NFC, and compared as cylinder names are, under NFKC_Casefold. A new
/// account's name must also not pass for another
/// (``UnicodeRules/lookAlikeProblem(in:)``); an existing account keeps its
/// name and logs in with it.
///
/// The colon is refused because HTTP Basic authentication separates the name
/// from the password with one (RFC 7617, section 2).
public struct AccountName: Sendable, Hashable, CustomStringConvertible {
    /// The most code points a name has, as the schema counts them.
    public static let maximumLength = 64

    /// The name as given, trimmed, in NFC.
    public let text: String

    /// The form two names are compared in: NFKC_Casefold, in NFC.
    public var key: String { UnicodeRules.fold(text) }

    /// The name as given.
    public var description: String { text }

    /// Reads a name as typed: trimmed, checked, and put in NFC.
    public init(parsing raw: String) throws(FieldError) {
        let trimmed = trimmingWhitespace(raw)
        guard !trimmed.isEmpty else {
            throw FieldError(.invalidText(what: "account name", value: raw, .empty(maximum: AccountName.maximumLength)))
        }
        guard !containsControlCharacter(trimmed, allowingLineBreaks: false) else {
            throw FieldError(.invalidText(what: "account name", value: raw, .controlCharacters(allowingLineBreaks: false)))
        }
        if let invisible = UnicodeRules.firstInvisible(in: trimmed) {
            throw FieldError(
                .invalidText(what: "account name", value: raw, .invisibleCharacter(codePoint: UnicodeRules.codePoint(invisible), inName: true)))
        }
        guard !trimmed.contains(":") else {
            throw FieldError(.invalidText(what: "account name", value: raw, .colonInAccountName))
        }
        let text = UnicodeRules.nfc(trimmed)
        let length = text.unicodeScalars.count
        guard length <= AccountName.maximumLength else {
            throw FieldError(.invalidText(what: "account name", value: raw, .tooManyCodePoints(count: length, maximum: AccountName.maximumLength)))
        }
        self.text = text
    }

    /// Refuses a name for a new account that could pass for another or
    /// break a line.
    func checkNewName() throws(FieldError) {
        if let problem = UnicodeRules.lookAlikeProblem(in: text) {
            throw FieldError(.invalidText(what: "account name", value: text, .lookAlike(problem)))
        }
    }
}
