/// A use case's input as key–value pairs, before any value is read: the
/// command line's options and arguments, a JSON body, a query string or a
/// form all come to this, and one ``InputReader`` reads them by their
/// typed declarations. Keys are the declared names (`working-pressure`,
/// `cylinder`).
public struct InputValues: Sendable, Equatable {
    /// A value as given: text, texts of a repeatable input, or a flag.
    public enum Value: Sendable, Equatable {
        case text(String)
        case texts([String])
        case flag(Bool)
    }

    /// The values by declared name.
    public var values: [String: Value]

    /// Values by declared name.
    public init(_ values: [String: Value] = [:]) {
        self.values = values
    }

    /// The text given for `name`, if it was given as text.
    public func text(_ name: String) -> String? {
        if case .text(let text) = values[name] { return text }
        return nil
    }
}
