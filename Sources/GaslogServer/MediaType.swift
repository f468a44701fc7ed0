/// A `Content-Type` header compared by its media type alone: the type and
/// subtype, in any case, with any parameters (`; charset=utf-8`) allowed.
/// `application/jsonx` is not `application/json`.
import Foundation

enum MediaType {
    /// Whether `header` names the media type `expected` (given in lower case).
    static func matches(_ header: String?, _ expected: String) -> Bool {
        guard let header else { return false }
        let type = header.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return type.trimmingCharacters(in: .whitespaces).lowercased() == expected
    }
}
