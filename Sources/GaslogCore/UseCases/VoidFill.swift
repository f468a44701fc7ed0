import LogbookStore

/// Marks a fill void, with a reason. Nothing is deleted.
public struct VoidFill: UseCase {
    public static let reason = CommonOptions.note("reason", help: "Why the fill is void.").required()
    public static let inputs: [any InputDeclaration] = [CommonOptions.fillID, reason]

    /// The fill to void.
    public let id: Int
    /// Why.
    public let reason: String

    public init(_ input: InputReader) throws(LogbookError) {
        id = try input.value(CommonOptions.fillID)
        reason = try input.value(Self.reason)
    }

    public func run(in session: Session) throws(LogbookError) -> VoidResult {
        VoidResult(fill: try session.logbook().voidFill(id: id, reason: reason, voidedBy: session.actor))
    }
}
