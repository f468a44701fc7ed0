/// Lower-case hexadecimal, two digits a byte: how tokens, their hashes and
/// the audit trail's hashes are written.
public enum Hex {
    private static let digits = Array("0123456789abcdef".utf8)

    /// `bytes` as lower-case hex.
    public static func encode(_ bytes: [UInt8]) -> String {
        String(unsafeUninitializedCapacity: bytes.count * 2) { text in
            write(bytes, to: text)
            return bytes.count * 2
        }
    }

    /// Writes `bytes` as lower-case hex into `text`, which holds two bytes for each.
    public static func write(_ bytes: [UInt8], to text: UnsafeMutableBufferPointer<UInt8>) {
        precondition(text.count >= bytes.count * 2, "too small a buffer for hex")
        for (index, byte) in bytes.enumerated() {
            text[2 * index] = digits[Int(byte >> 4)]
            text[2 * index + 1] = digits[Int(byte & 0x0F)]
        }
    }

    /// The bytes of `text`, or `nil` unless it is exactly `byteCount` bytes of lower-case hex.
    public static func decode(_ text: String, byteCount: Int) -> [UInt8]? {
        let utf8 = Array(text.utf8)
        guard utf8.count == byteCount * 2 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(byteCount)
        for index in stride(from: 0, to: utf8.count, by: 2) {
            guard let high = value(of: utf8[index]), let low = value(of: utf8[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
        }
        return bytes
    }

    /// Whether `text` is exactly `byteCount` bytes of lower-case hex.
    public static func isEncoding(_ text: String, byteCount: Int) -> Bool {
        text.utf8.count == byteCount * 2 && text.utf8.allSatisfy { value(of: $0) != nil }
    }

    private static func value(of digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
