import CSodium

/// SHA-256 through libsodium's `crypto_hash_sha256`, the hash of the audit
/// trail's chain. See <https://doc.libsodium.org/advanced/sha-2_hash_function>.
enum SHA256 {
    /// The digest's length in bytes.
    static let byteCount = 32

    /// The digest of `bytes`. `crypto_hash_sha256` needs no `sodium_init`:
    /// SHA-256 has one portable implementation, chosen at build time.
    static func digest(_ bytes: [UInt8]) -> [UInt8] {
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

    /// Lower-case hex, two digits a byte, as the trail stores a hash.
    static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The bytes of lower-case hex text, or `nil` when it is not `byteCount` bytes of it.
    static func bytes(hex text: String) -> [UInt8]? {
        let utf8 = Array(text.utf8)
        guard utf8.count == byteCount * 2 else { return nil }
        func value(_ digit: UInt8) -> UInt8? {
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
            default: nil
            }
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(byteCount)
        for index in stride(from: 0, to: utf8.count, by: 2) {
            guard let high = value(utf8[index]), let low = value(utf8[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }
}
