import Foundation

/// The cookies a browser sent, and the `Set-Cookie` values the server sends.
enum Cookies {
    /// The session cookie's name.
    static let session = "gaslog_session"
    /// The cookie that carries the sign-in form's CSRF token, before there is a session.
    static let signIn = "gaslog_signin"
    /// The browser's own choice of units.
    static let unit = "gaslog_unit"

    /// The cookies in a `Cookie` header, by name; the first of a repeated name wins.
    static func parse(_ header: String?) -> [String: String] {
        var result: [String: String] = [:]
        for part in (header ?? "").split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard pair.count == 2 else { continue }
            let name = pair[0].trimmingCharacters(in: .whitespaces)
            if result[name] == nil { result[name] = pair[1].trimmingCharacters(in: .whitespaces) }
        }
        return result
    }

    /// A `Set-Cookie` value: never readable by script, never sent from
    /// another site, `Secure` under TLS, for `maxAge` seconds (0 deletes it).
    static func set(_ name: String, _ value: String, maxAge: Int?, secure: Bool) -> (name: String, value: String) {
        var parts = ["\(name)=\(value)", "Path=/", "HttpOnly", "SameSite=Strict"]
        if let maxAge { parts.append("Max-Age=\(maxAge)") }
        if secure { parts.append("Secure") }
        return ("Set-Cookie", parts.joined(separator: "; "))
    }
}
