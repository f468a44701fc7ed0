/// Markup for a page, escaped by default. A string literal is markup this
/// program wrote; a value interpolated into it is text, and every character
/// of it that could end a text node or an attribute value is written as an
/// entity, unless the value is itself `HTML`. So nothing a user typed can
/// become markup without code saying so, and nothing is escaped twice.
///
///     let name = "<b>"
///     let cell: HTML = "<td>\(name)</td>"    // <td>&lt;b&gt;</td>
///     let row: HTML = "<tr>\(cell)</tr>"     // <tr><td>&lt;b&gt;</td></tr>
struct HTML: Sendable, Equatable, ExpressibleByStringInterpolation {
    /// The markup, as it is sent.
    let markup: String

    /// No markup at all.
    static let empty: HTML = ""

    init(stringLiteral markup: String) {
        self.markup = markup
    }

    init(stringInterpolation: Interpolation) {
        markup = stringInterpolation.markup
    }

    /// `text` shown as text.
    init(escaping text: String) {
        markup = HTML.escape(text)
    }

    /// Builds markup from literal markup and interpolated values: text is
    /// escaped, `HTML` is spliced as it is.
    struct Interpolation: StringInterpolationProtocol {
        fileprivate var markup = ""

        init(literalCapacity: Int, interpolationCount: Int) {
            markup.reserveCapacity(literalCapacity + 16 * interpolationCount)
        }

        mutating func appendLiteral(_ literal: String) {
            markup += literal
        }

        mutating func appendInterpolation(_ html: HTML) {
            markup += html.markup
        }

        mutating func appendInterpolation(_ text: String) {
            markup += HTML.escape(text)
        }

        /// A number, a name or any other plain value: its description, escaped.
        mutating func appendInterpolation(_ value: some CustomStringConvertible) {
            markup += HTML.escape(value.description)
        }
    }

    static func + (lhs: HTML, rhs: HTML) -> HTML {
        HTML(trusted: lhs.markup + rhs.markup)
    }

    static func += (lhs: inout HTML, rhs: HTML) {
        lhs = lhs + rhs
    }

    /// A query string from name–value pairs, each part percent-encoded:
    /// `?format=csv&gas=32`, or nothing. Text: interpolated into markup, it is escaped.
    static func query(_ pairs: [(String, String)]) -> String {
        let encoded = pairs.map { APIRoutes.pathSegment($0.0) + "=" + APIRoutes.pathSegment($0.1) }
        return encoded.isEmpty ? "" : "?" + encoded.joined(separator: "&")
    }

    /// A cylinder's page, or one of its forms' `action`, with `query` after
    /// it: `/cylinders/Club%2007`, `/cylinders/Club%2007/rename`. A name that
    /// a browser would rewrite as a dot segment, `.` or `..`, goes in the
    /// query instead, which opens any cylinder: `/cylinders?name=..`,
    /// `/cylinders/rename?name=..`. Text: interpolated into markup, it is escaped.
    static func cylinderPath(_ name: String, action: String = "", query pairs: [(String, String)] = []) -> String {
        let suffix = action.isEmpty ? "" : "/" + action
        if name == "." || name == ".." {
            return "/cylinders" + suffix + query([("name", name)] + pairs)
        }
        return path("/cylinders", name, suffix) + query(pairs)
    }

    /// The path of a page under a name, as one escaped segment: `/cylinders/Club%2007`.
    static func path(_ prefix: String, _ name: String, _ suffix: String = "") -> String {
        prefix + "/" + APIRoutes.pathSegment(name) + suffix
    }

    /// Markup this file has already built from escaped text and literals.
    fileprivate init(trusted markup: String) {
        self.markup = markup
    }

    /// `text` escaped for element content and for quoted attribute values.
    private static func escape(_ text: String) -> String {
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
}

extension Sequence<HTML> {
    /// The pieces one after another, `separator` between each two.
    func joined(separator: HTML = .empty) -> HTML {
        var markup = ""
        var first = true
        for piece in self {
            if !first { markup += separator.markup }
            markup += piece.markup
            first = false
        }
        return HTML(trusted: markup)
    }
}
