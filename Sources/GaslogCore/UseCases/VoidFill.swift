import LogbookStore

/// Marks a fill void, with a reason. Nothing is deleted.
public struct VoidFill: UseCase {
    /// What it does, in a line: the command's overview and the API operation's summary.
    public static let summary: Wording = "Mark a fill void, with a reason. Nothing is deleted."
    /// More about it: the command's discussion and the API operation's description.
    public static let description: Wording? = """
        A void fill no longer counts as its cylinder's current gas, but stays in 'log' \
        (marked) and in exports, with its reason. A fill is voided once\(commandLine: ".", api: " (409 the second time).")
        """

    /// Why the fill is void.
    public static let reason = CommonOptions.note("reason", help: "Why the fill is void.").required()
    /// The fill's id and the reason.
    public static let inputs: [any InputDeclaration] = [CommonOptions.fillID, reason]

    /// The fill to void.
    public let id: Int
    /// Why.
    public let reason: String

    /// Voids the fill `id` for `reason`, as a page's form gives them.
    public init(id: Int, reason: String) {
        self.id = id
        self.reason = reason
    }

    /// Reads the id and the reason.
    public init(_ input: InputReader) throws(LogbookError) {
        id = try input.value(CommonOptions.fillID)
        reason = try input.value(Self.reason)
    }

    /// Voids the fill, for the session's account.
    public func run(in session: Session) throws(LogbookError) -> VoidResult {
        VoidResult(fill: try session.logbook().voidFill(id: id, reason: reason, voidedBy: session.actor))
    }
}
