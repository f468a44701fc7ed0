import CSodium

/// API tokens: 32 random bytes from libsodium's `randombytes_buf` (the
/// kernel's `getrandom`), written as 64 lower-case hexadecimal digits, which
/// a terminal selects with one double-click and any shell or header carries
/// without quoting.
///
/// A token is shown once; the log stores only ``hash(_:)``, the SHA-256 of
/// its text, in lower-case hex. A slow hash is not needed here: with 256
/// random bits there is nothing to guess, and a fast one lets a server look
/// a token up by its hash on every request. The lookup compares hashes, so
/// its timing can only tell an attacker about the hash of what they sent,
/// never about a stored token.
public enum APIToken {
    /// The random bytes in a token.
    public static let byteCount = 32
    /// The length of a token's text: two hex digits a byte.
    public static let length = 2 * byteCount

    /// A new token, never seen before.
    public static func generate() -> String {
        Sodium.require()
        var bytes = [UInt8](repeating: 0, count: byteCount)
        randombytes_buf(&bytes, bytes.count)
        defer { sodium_memzero(&bytes, bytes.count) }
        return Hex.encode(bytes)
    }

    /// Whether `text` has a token's form: 64 lower-case hex digits. A server
    /// refuses anything else before it hashes or looks anything up.
    public static func isWellFormed(_ text: String) -> Bool {
        Hex.isEncoding(text, byteCount: byteCount)
    }

    /// What the log stores for `token`: the SHA-256 of its UTF-8 text, as 64
    /// lower-case hex digits.
    public static func hash(_ token: String) -> String {
        Hex.encode(SHA256.digest(Array(token.utf8)))
    }
}
