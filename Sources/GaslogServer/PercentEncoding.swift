/// Percent-decoding of path segments and query parameters, done here rather
/// than by the HTTP library, so that `%2F` in a cylinder's name stays inside
/// its path segment.
public enum PercentEncoding {
    /// `text` with each `%XX` decoded, and `+` as a space when `plusIsSpace`
    /// (query strings); `nil` when an escape is malformed or the bytes are not UTF-8.
    public static func decode(_ text: String, plusIsSpace: Bool = false) -> String? {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "%"):
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
                bytes.append(high << 4 | low)
            case UInt8(ascii: "+") where plusIsSpace:
                bytes.append(UInt8(ascii: " "))
            default:
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// The parameters of a raw query string, `a=1&b=x%20y`; `nil` when one is malformed.
    public static func parameters(of query: String) -> [(name: String, value: String)]? {
        var result: [(name: String, value: String)] = []
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decode(String(parts[0]), plusIsSpace: true),
                let value = decode(parts.count > 1 ? String(parts[1]) : "", plusIsSpace: true)
            else { return nil }
            result.append((name, value))
        }
        return result
    }
}
