import LogbookStore

/// Retires a cylinder, with a reason. It is never deleted.
public struct RetireCylinder: UseCase {
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
