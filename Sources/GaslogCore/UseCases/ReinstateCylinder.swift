import LogbookStore

/// Puts a retired cylinder back in service, with a reason.
public struct ReinstateCylinder: UseCase {
    /// What it does, in a line: the command's overview and the API operation's summary.
    public static let summary: Wording = "Put a retired cylinder back in service, with a reason. Both events stay in its history."

    /// Why it is back in service.
    public static let reason = CommonOptions.note("reason", help: "Why it is back in service.").required()
    /// The inputs it reads: the command's options and the API's allowed keys.
    public static let inputs: [any InputDeclaration] = [RegisterOptions.cylinder, reason]

    /// The cylinder, by a name it has or had.
    public let cylinder: CylinderName
    /// Why.
    public let reason: String

    /// Reads the input; bad input throws, naming its field, before anything is read or written.
    public init(_ input: InputReader) throws(LogbookError) {
        cylinder = try input.value(RegisterOptions.cylinder)
        reason = try input.value(Self.reason)
    }

    /// Runs it in `session`, which gathers its warnings.
    public func run(in session: Session) throws(LogbookError) -> CylinderResult {
        let reinstated = try session.logbook().reinstateCylinder(cylinder, reason: reason, actor: session.actor)
        session.warn(EarlierName(asked: cylinder, current: reinstated.name))
        return try CylinderResult(reinstated, unit: nil, in: session)
    }
}
