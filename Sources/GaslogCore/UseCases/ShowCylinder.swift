import LogbookStore
import NitroxCalculator

/// One cylinder: its facts, when its inspections fall due, its history, its
/// current gas, and the register's changes. A cylinder found by an earlier
/// name says so; a retired cylinder, or a tag that shows a deeper MOD than
/// its current gas allows, is a warning too.
public struct ShowCylinder: UseCase {
    /// What it does, in a line: the command's overview and the API operation's summary.
    public static let summary: Wording = "Show one cylinder: its facts, when its inspections fall due, and its current gas."
    /// More about it: the command's discussion and the API operation's description.
    public static let description: Wording? = Wording(
        commandLine: "", api: "As `gaslog cylinder show --json`: its register facts, when its inspections fall due, its current gas and its history.")

    /// The inputs it reads: the command's options and the API's allowed keys.
    public static let inputs: [any InputDeclaration] = [RegisterOptions.cylinder, CommonOptions.unit]

    /// The cylinder, by a name it has or had.
    public let cylinder: CylinderName
    /// The unit asked for; the preferred one when `nil`.
    public let unit: UnitSystem?

    /// Reads the input; bad input throws, naming its field, before anything is read or written.
    public init(_ input: InputReader) throws(LogbookError) {
        cylinder = try input.value(RegisterOptions.cylinder)
        unit = try input.value(CommonOptions.unit)
    }

    /// Runs it in `session`, which gathers its warnings.
    public func run(in session: Session) throws(LogbookError) -> CylinderResult {
        let logbook = try session.logbook()
        let resolution = try logbook.resolveCylinder(cylinder)
        let changes = try logbook.registerChanges(of: cylinder)
        session.warn(resolution.earlierName)
        let result = try CylinderResult(resolution.cylinder, unit: unit, changes: changes, in: session)
        // What a reader of its current gas must know besides the gas.
        if let gas = result.currentGas, gas.fill != nil, let shown = result.shown {
            if gas.cylinder.isRetired { session.warn(.retired(cylinder: gas.cylinder.name)) }
            if let note = shown.tagDeeperNote(in: result.unit) { session.warn(.tagDeeper(cylinder: gas.cylinder.name, note: note)) }
        }
        return result
    }
}
