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
        var digest = [UInt8](repeating: 0, count: byteCount)
        let code = digest.withUnsafeMutableBufferPointer { output -> Int32 in
            bytes.withUnsafeBufferPointer { input in
                // A 32-byte array always has an address; -1 stands for a failure.
                guard let address = output.baseAddress else { return -1 }
                return crypto_hash_sha256(address, input.baseAddress, UInt64(input.count))
            }
        }
        // It only fails for a length beyond what memory can hold.
        precondition(code == 0, "crypto_hash_sha256 failed")
        return digest
    }
}
