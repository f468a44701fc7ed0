import CSodium

/// Passwords, stored only as libsodium's `crypto_pwhash_str` text: Argon2id
/// with a random salt, its parameters written into the text, such as
/// `$argon2id$v=19$m=65536,t=2,p=1$…`.
///
/// The parameters are libsodium's INTERACTIVE limits (2 passes over 64 MiB),
/// which libsodium recommends for logins on a server: 65–80 ms a hash or a
/// verification on a busy 2-core machine. The MODERATE limits (3 passes over
/// 256 MiB) took 420–510 ms there, and would hold 256 MiB for every login at
/// once, which a club's small server cannot spare. `verify` reads the parameters from the
/// stored text, so a later change of limits still verifies older hashes, and
/// ``needsRehash(_:)`` tells which to hash again at the next login.
/// See <https://doc.libsodium.org/password_hashing/default_phf>.
///
/// A password is compared in Unicode NFC, so that one typed with an accent
/// as one code point or as two is the same password, as NIST SP 800-63B
/// (5.1.1.2) asks.
public enum PasswordHash {
    /// The fewest characters a password may have.
    public static let minimumLength = 8
    /// The most bytes of UTF-8 a password may have: far beyond any real one,
    /// and a bound on what a server hashes for a stranger.
    public static let maximumBytes = 4096

    /// Passes over the memory: libsodium's `crypto_pwhash_OPSLIMIT_INTERACTIVE`.
    public static var operationsLimit: Int { Int(crypto_pwhash_opslimit_interactive()) }
    /// Bytes of memory: libsodium's `crypto_pwhash_MEMLIMIT_INTERACTIVE`, 64 MiB.
    public static var memoryLimit: Int { Int(crypto_pwhash_memlimit_interactive()) }

    /// Refuses a password that is empty, shorter than ``minimumLength``
    /// characters or longer than ``maximumBytes``.
    public static func check(_ password: String) throws(CredentialError) {
        guard !password.isEmpty else { throw .emptyPassword }
        guard password.utf8.count <= maximumBytes else { throw .passwordTooLong(bytes: password.utf8.count, maximum: maximumBytes) }
        let characters = normalized(password).count
        guard characters >= minimumLength else { throw .passwordTooShort(characters: characters, minimum: minimumLength) }
    }

    /// The `crypto_pwhash_str` text of a password that passes ``check(_:)``.
    public static func make(_ password: String) throws(CredentialError) -> String {
        try check(password)
        guard Sodium.ready() else { throw .hashingFailed }
        var secret = cString(normalized(password))
        defer { sodium_memzero(&secret, secret.count) }
        var output = [CChar](repeating: 0, count: Int(crypto_pwhash_strbytes()))
        let status = crypto_pwhash_str(&output, secret, UInt64(secret.count), UInt64(operationsLimit), memoryLimit)
        // crypto_pwhash_str fails only when the memory cannot be allocated.
        guard status == 0 else { throw .hashingFailed }
        return String(decoding: output.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Whether `password` is the one `hash` was made from. Any text that is
    /// not a `crypto_pwhash_str` hash verifies nothing. The work is the
    /// hash's own, whatever the password, so the time taken tells nothing.
    public static func verify(_ password: String, hash: String) -> Bool {
        guard Sodium.ready(), let stored = terminated(hash), password.utf8.count <= maximumBytes else { return false }
        var secret = cString(normalized(password))
        defer { sodium_memzero(&secret, secret.count) }
        return crypto_pwhash_str_verify(stored, secret, UInt64(secret.count)) == 0
    }

    /// Spends the time of a verification and refuses: for a login whose name
    /// is unknown or removed, so that how long a refusal takes does not tell
    /// which names exist. Always `false`.
    public static func verifyWithoutAccount(_ password: String) -> Bool {
        _ = verify(password, hash: unguessableHash)
        return false
    }

    /// A hash of 32 random bytes that were thrown away, made with today's
    /// limits: nothing verifies against it, and trying takes as long as a
    /// real verification.
    static let unguessableHash = "$argon2id$v=19$m=65536,t=2,p=1$K5UQp8TsNHq3F9WGUV0N7Q$7zKuboPnnrhkVu1Xt7RuDuLTEeBnXk9gTRtstbwuYKs"

    /// Whether `hash` was made with other parameters than today's, or is not
    /// a hash at all: a server hashes the password again after a login.
    public static func needsRehash(_ hash: String) -> Bool {
        guard Sodium.ready(), let stored = terminated(hash) else { return true }
        return crypto_pwhash_str_needs_rehash(stored, UInt64(operationsLimit), memoryLimit) != 0
    }

    /// The password in NFC. The standard library's normalizer backs `String`
    /// equality; Foundation would bring ICU with it.
    public static func normalized(_ password: String) -> String {
        if password.utf8.allSatisfy({ $0 < 0x80 }) { return password }
        return String(decoding: password._nfcCodeUnits, as: UTF8.self)
    }

    /// The password's UTF-8 bytes, as the C functions take them: with its
    /// length, so no terminating NUL.
    private static func cString(_ text: String) -> [CChar] {
        text.utf8.map { CChar(bitPattern: $0) }
    }

    /// The hash as libsodium reads it: NUL-terminated within
    /// `crypto_pwhash_STRBYTES`, without a NUL inside.
    private static func terminated(_ hash: String) -> [CChar]? {
        let bytes = Array(hash.utf8)
        let size = Int(crypto_pwhash_strbytes())
        guard !bytes.isEmpty, bytes.count < size, !bytes.contains(0) else { return nil }
        return bytes.map { CChar(bitPattern: $0) } + [CChar](repeating: 0, count: size - bytes.count)
    }
}
