import LogbookStore
import NitroxCalculator

/// Adds a cylinder to the register, with the facts given.
public struct AddCylinder: UseCase {
    /// What it does, in a line: the command's overview and the API operation's summary.
    public static let summary: Wording = "Add a cylinder to the register."
    /// More about it: the command's discussion and the API operation's description.
    public static let description: Wording? = Wording(commandLine: "", api: "As `gaslog cylinder add`.")

    /// The inputs it reads: the command's options and the API's allowed keys.
    public static let inputs: [any InputDeclaration] = [RegisterOptions.cylinder] + RegisterOptions.facts

    /// The new cylinder's name.
    public let cylinder: CylinderName
    /// The facts it is added with.
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
        let added = try logbook.addCylinder(cylinder, changes, actor: session.actor) { () throws(LogbookError) in
            try EntryTimeLimit(clockOf: logbook).checkInspections(changes)
        }
        return try CylinderResult(added, unit: unit, created: .cylinder(name: added.name), in: session)
    }
}
