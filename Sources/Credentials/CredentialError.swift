/// Why a password cannot be used or hashed, in plain words that name no
/// front end's controls.
public enum CredentialError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The password is empty.
    case emptyPassword
    /// The password has fewer characters than the minimum.
    case passwordTooShort(characters: Int, minimum: Int)
    /// The password has more bytes than the maximum.
    case passwordTooLong(bytes: Int, maximum: Int)
    /// zxcvbn puts the password below the least entropy a new one has.
    case passwordTooWeak(bits: Double, minimum: Double, weakestPart: PasswordWeakness?)
    /// libsodium could not hash: it is not initialised, or the memory the
    /// hash needs could not be had.
    case hashingFailed

    /// The error in plain words.
    public var description: String {
        switch self {
        case .emptyPassword:
            "the password is empty"
        case .passwordTooShort(let characters, let minimum):
            "the password has \(characters) character\(characters == 1 ? "" : "s"); a password has at least \(minimum)"
        case .passwordTooLong(let bytes, let maximum):
            "the password has \(bytes) bytes; a password has at most \(maximum)"
        case .passwordTooWeak(let bits, let minimum, let weakestPart):
            "the password is too easy to guess: zxcvbn puts it at \(oneDecimal(bits)) bits of entropy and a password needs "
                + "at least \(oneDecimal(minimum)) (10⁸ guesses)"
                + (weakestPart.map { "; its weakest part is \($0.rawValue)" } ?? "")
        case .hashingFailed:
            "the password could not be hashed: libsodium is not initialised or the memory it needs is not available"
        }
    }
}

/// `x` with one decimal, rounded: `26.6`. No Foundation for a format.
func oneDecimal(_ x: Double) -> String {
    let tenths = Int((max(0, x) * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
}
