/// Words about input that name inputs as data, so that each front end
/// names them its own way: `--working-pressure` on the command line,
/// `'working_pressure'` in the API. Nothing rewords a finished message.
public struct FieldMessage: Sendable, Equatable {
    /// A run of words, or the declared name of an input (`working-pressure`).
    public enum Part: Sendable, Equatable {
        case text(String)
        case field(String)
    }

    /// The parts, in order.
    public let parts: [Part]

    /// A message of these parts.
    public init(_ parts: [Part]) {
        self.parts = parts
    }

    /// The message, each input named by `name`.
    public func text(naming name: (String) -> String) -> String {
        parts.map { part in
            switch part {
            case .text(let text): text
            case .field(let field): name(field)
            }
        }.joined()
    }

    /// An input's key in JSON, a query or a form: its name with `_` for `-`.
    public static func key(of field: String) -> String {
        // By byte: an array of `Character` costs its metadata at start-up, and
        // every option's help words its key for the API.
        String(decoding: field.utf8.map { $0 == UInt8(ascii: "-") ? UInt8(ascii: "_") : $0 }, as: UTF8.self)
    }
}
