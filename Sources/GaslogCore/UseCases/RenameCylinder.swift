import LogbookStore

/// Gives a cylinder a new name. Its fills follow; the old name stays in its history.
public struct RenameCylinder: UseCase {
    /// What it does, in a line: the command's overview and the API operation's summary.
    public static let summary: Wording = "Give a cylinder a new name. Its fills follow; the old name stays in its history."

    /// The cylinder, by a name it has or had: the input `cylinder`, shown as `<old>`.
    public static let oldName = Argument<CylinderName>("old", key: "cylinder", help: "The cylinder's name now.")
    /// The new name: the input `new-name`, shown as `<new>`.
    public static let newName = Argument<CylinderName>(
        "new", key: "new-name", completion: .none, help: "Its new name, not used by another cylinder.",
        read: CylinderName.parse)
    /// The inputs it reads: the command's options and the API's allowed keys.
    public static let inputs: [any InputDeclaration] = [oldName, newName]

    /// The cylinder, by a name it has or had.
    public let cylinder: CylinderName
    /// Its new name.
    public let newName: CylinderName

    /// Reads the input; bad input throws, naming its field, before anything is read or written.
    public init(_ input: InputReader) throws(LogbookError) {
        cylinder = try input.value(Self.oldName)
        newName = try input.value(Self.newName)
    }

    /// Runs it in `session`, which gathers its warnings.
    public func run(in session: Session) throws(LogbookError) -> CylinderResult {
        let logbook = try session.logbook()
        // The warning names the cylinder's name before this rename.
        let resolution = try logbook.resolveCylinder(cylinder)
        let renamed = try logbook.renameCylinder(cylinder, to: newName, actor: session.actor)
        session.warn(resolution.earlierName)
        return try CylinderResult(renamed, unit: nil, in: session)
    }
}
