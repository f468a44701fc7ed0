import LogbookStore

/// Words written once for every front end: the command line reads
/// ``commandLine`` and the API ``api``. They are built from parts, so that
/// an option is `--diver-o2` on the command line and the key `diver_o2` in
/// the API without rewriting one text into the other.
///
///     "The diver's reading, with \(option: "diver-o2")."
///     "Refused \(commandLine: "with exit 65", api: "(422)")."
public struct Wording: Sendable, Equatable, ExpressibleByStringInterpolation {
    /// The words as the command line's help and man page show them.
    public let commandLine: String
    /// The words as the API's OpenAPI document shows them.
    public let api: String

    /// The same words for both front ends.
    public init(stringLiteral text: String) {
        commandLine = text
        api = text
    }

    /// Words that differ as a whole: a fact that only one front end has
    /// (`""` where the other has nothing to say).
    public init(commandLine: String, api: String) {
        self.commandLine = commandLine
        self.api = api
    }

    /// Words built from parts.
    public init(stringInterpolation parts: Parts) {
        commandLine = parts.commandLine
        api = parts.api
    }

    /// The parts of a ``Wording``, as a string literal with interpolations gives them.
    public struct Parts: StringInterpolationProtocol {
        var commandLine = ""
        var api = ""

        /// Room for a literal of this length.
        public init(literalCapacity: Int, interpolationCount: Int) {
            commandLine.reserveCapacity(literalCapacity)
            api.reserveCapacity(literalCapacity)
        }

        /// Text that reads the same in both.
        public mutating func appendLiteral(_ text: String) {
            commandLine += text
            api += text
        }

        /// A value's text, the same in both: a limit, a list of columns.
        public mutating func appendInterpolation(_ value: some CustomStringConvertible) {
            appendLiteral(value.description)
        }

        /// An input by its option's name: `--diver-o2` on the command line,
        /// `` `diver_o2` `` in the API.
        public mutating func appendInterpolation(option name: String) {
            commandLine += "--" + name
            api += "`" + FieldMessage.key(of: name) + "`"
        }

        /// Words that differ between the front ends: an exit status and an
        /// HTTP status, or a fact that only one of them has.
        public mutating func appendInterpolation(commandLine: String, api: String) {
            self.commandLine += commandLine
            self.api += api
        }
    }
}
