import LogbookStore
import NitroxCalculator

/// Changes a cylinder's register facts, or empties them.
public struct EditCylinder: UseCase {
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
        let edited = try session.logbook().editCylinder(cylinder, changes, actor: session.actor)
        session.warn(EarlierName(asked: cylinder, current: edited.name))
        return try CylinderResult(edited, unit: unit, in: session)
    }
}
