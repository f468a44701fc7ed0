/// The kind of a password's part that makes it easy to guess, as zxcvbn
/// matches it.
public enum PasswordWeakness: String, Sendable, Equatable {
    case dictionaryWord = "a dictionary word"
    case sequence = "a sequence"
    case repeated = "a repeat"
    case date = "a date"
    case keyboardPattern = "a keyboard pattern"
    case accountName = "the account's name"
}
