import LogbookStore
import NitroxCalculator

/// Changes a cylinder's register facts, or empties them.
public struct EditCylinder: UseCase {
    /// What it does, in a line: the command's overview and the API operation's summary.
    public static let summary: Wording = "Change a cylinder's register facts, or empty them with \(option: "clear")."
    /// More about it: the command's discussion and the API operation's description.
    public static let description: Wording? = Wording(
        commandLine: "", api: "As `gaslog cylinder edit`: keys given are set, facts in clear are emptied, the rest are kept.")

    /// The inputs it reads: the command's options and the API's allowed keys.
    public static let inputs: [any InputDeclaration] = [RegisterOptions.cylinder] + RegisterOptions.facts + [RegisterOptions.clear]

    /// The cylinder, by a name it has or had.
    public let cylinder: CylinderName
    /// What to set and what to empty.
    public let changes: CylinderChanges
    /// The unit its facts were read in, and are shown in.
    public let unit: UnitSystem

    /// Reads the input; bad input throws, naming its field, before anything is read or written.
    public init(_ input: InputReader) throws(LogbookError) {
        cylinder = try input.value(RegisterOptions.cylinder)
        changes = try RegisterOptions.changes(input)
        unit = try input.unit()
    }

    /// Runs it in `session`, which gathers its warnings.
    public func run(in session: Session) throws(LogbookError) -> CylinderResult {
        let logbook = try session.logbook()
        let edited = try logbook.editCylinder(cylinder, changes, actor: session.actor) { () throws(LogbookError) in
            try EntryTimeLimit(clockOf: logbook).checkInspections(changes)
        }
        session.warn(EarlierName(asked: cylinder, current: edited.name))
        return try CylinderResult(edited, unit: unit, in: session)
    }
}
