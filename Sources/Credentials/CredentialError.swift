/// Why a password cannot be used or hashed, in plain words that name no
/// front end's controls.
public enum CredentialError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The password is empty.
    case emptyPassword
    /// The password has fewer characters than the minimum.
    case passwordTooShort(characters: Int, minimum: Int)
    /// The password has more bytes than the maximum.
    case passwordTooLong(bytes: Int, maximum: Int)
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
        case .hashingFailed:
            "the password could not be hashed: libsodium is not initialised or the memory it needs is not available"
        }
    }
}
