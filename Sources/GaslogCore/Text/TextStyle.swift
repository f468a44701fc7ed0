/// How human text sets its parts: values strong, connecting words light and
/// depths as the answer a diver looks for. The command line styles them for
/// a terminal; a page or a file takes them as they are.
public protocol TextStyle {
    /// A value: a label, a cylinder, a number.
    func strong(_ text: String) -> String
    /// Connecting words.
    func light(_ text: String) -> String
    /// A depth, the answer a diver looks for.
    func depth(_ text: String) -> String
}

/// Text as it is, with no styling.
public struct PlainText: TextStyle {
    /// Plain text.
    public init() {}

    /// `text` unchanged.
    public func strong(_ text: String) -> String { text }
    /// `text` unchanged.
    public func light(_ text: String) -> String { text }
    /// `text` unchanged.
    public func depth(_ text: String) -> String { text }
}

/// A result with a human answer: the lines the command line prints and a
/// page shows, the same words in both.
public protocol TextResult {
    /// The answer's lines, each ending in a line break, set in `style`.
    func text(_ style: some TextStyle) -> String
}
