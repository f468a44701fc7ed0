/// Text made safe for HTML: every character that could end a text node or an
/// attribute value is written as an entity, so that nothing a user typed can
/// become markup.
enum HTML {
    /// `text` escaped for element content and for quoted attribute values.
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }

    /// A query string from name–value pairs, each part percent-encoded and
    /// the result escaped for an attribute.
    static func query(_ pairs: [(String, String)]) -> String {
        let encoded = pairs.map { APIRoutes.pathSegment($0.0) + "=" + APIRoutes.pathSegment($0.1) }
        return encoded.isEmpty ? "" : "?" + encoded.joined(separator: "&")
    }

    /// The path of a page under a name, as one escaped segment: `/cylinders/Club%2007`.
    static func path(_ prefix: String, _ name: String, _ suffix: String = "") -> String {
        prefix + "/" + APIRoutes.pathSegment(name) + suffix
    }
}
