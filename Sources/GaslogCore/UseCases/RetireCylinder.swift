import LogbookStore

/// Retires a cylinder, with a reason. It is never deleted.
public struct RetireCylinder: UseCase {
    /// What it does, in a line: the command's overview and the API operation's summary.
    public static let summary: Wording = "Retire a cylinder, with a reason. It is never deleted."
    /// More about it: the command's discussion and the API operation's description.
    public static let description: Wording? = Wording(
        commandLine: "", api: "As `gaslog cylinder retire`: it is never deleted, and can no longer be filled.")

    /// Why it is retired.
    public static let reason = CommonOptions.note("reason", help: "Why it is retired.").required()
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
        let retired = try session.logbook().retireCylinder(cylinder, reason: reason, actor: session.actor)
        session.warn(EarlierName(asked: cylinder, current: retired.name))
        return try CylinderResult(retired, unit: nil, in: session)
    }
}
