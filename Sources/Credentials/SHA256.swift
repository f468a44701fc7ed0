import CSodium

/// SHA-256 through libsodium's `crypto_hash_sha256`: the hash an API token
/// is stored as, and the hash of the audit trail's chain.
/// See <https://doc.libsodium.org/advanced/sha-2_hash_function>.
public enum SHA256 {
    /// The digest's length in bytes.
    public static let byteCount = 32

    /// The digest of `bytes`. `crypto_hash_sha256` needs no `sodium_init`:
    /// SHA-256 has one portable implementation, chosen at build time.
    public static func digest(_ bytes: [UInt8]) -> [UInt8] {
        var hashing = Incremental()
        hashing.update(bytes)
        return hashing.finish()
    }

    /// A digest fed in parts, through libsodium's `init`/`update`/`final`:
    /// the trail hashes the previous hash and an entry without first copying
    /// them into one buffer.
    public struct Incremental {
        private var state = crypto_hash_sha256_state()

        /// A hash of nothing yet.
        public init() {
            // It cannot fail: it only fills in the state's constants.
            crypto_hash_sha256_init(&state)
        }

        /// Adds `bytes` to what is hashed.
        public mutating func update(_ bytes: UnsafeBufferPointer<UInt8>) {
            let code = crypto_hash_sha256_update(&state, bytes.baseAddress, UInt64(bytes.count))
            // It fails only for a length beyond what memory can hold.
            precondition(code == 0, "crypto_hash_sha256_update failed")
        }

        /// Adds `bytes` to what is hashed.
        public mutating func update(_ bytes: [UInt8]) {
            bytes.withUnsafeBufferPointer { update($0) }
        }

        /// The digest of everything added; the state is used up.
        public mutating func finish() -> [UInt8] {
            var digest = [UInt8](repeating: 0, count: byteCount)
            let code = digest.withUnsafeMutableBufferPointer { output in
                // A 32-byte array always has an address.
                crypto_hash_sha256_final(&state, output.baseAddress!)
            }
            precondition(code == 0, "crypto_hash_sha256_final failed")
            return digest
        }
    }
}
