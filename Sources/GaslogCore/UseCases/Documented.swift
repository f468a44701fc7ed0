/// Something gaslog does, described once for every front end: the command
/// line's overview and discussion, and the API operation's summary and description.
public protocol Documented {
    /// What it does, in a line.
    static var summary: Wording { get }
    /// More about it, where there is more to say.
    static var description: Wording? { get }
}

extension Documented {
    /// Nothing more than the summary, unless it says.
    public static var description: Wording? { nil }
}
