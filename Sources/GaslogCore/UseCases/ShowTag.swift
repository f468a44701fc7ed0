import LogbookStore
import NitroxCalculator

/// The tag for a fill: mix, O2, MOD in both units, pressure, date and who
/// analysed it. A tag is read at the fill station: its stored MOD is
/// checked before it is shown.
public struct ShowTag: UseCase {
    /// What it does, in a line: the command's overview and the API operation's summary.
    public static let summary: Wording = "Print the cylinder tag for a fill: mix, O2, MOD in both units, pressure, date and who analysed it."
    /// More about it: the command's discussion and the API operation's description.
    public static let description: Wording? = Wording(commandLine: "", api: "As `gaslog tag --json`.")

    /// The inputs it reads: the command's options and the API's allowed keys.
    public static let inputs: [any InputDeclaration] = [CommonOptions.fillID, CommonOptions.unit]

    /// The fill.
    public let id: Int
    /// The unit its pressure, END and the JSON's MOD are in.
    public let unit: UnitSystem

    /// Reads the input; bad input throws, naming its field, before anything is read or written.
    public init(_ input: InputReader) throws(LogbookError) {
        id = try input.value(CommonOptions.fillID)
        unit = try input.unit()
    }

    /// Runs it in `session`, which gathers its warnings.
    public func run(in session: Session) throws(LogbookError) -> TagResult {
        let fill = try session.logbook().fill(id: id)
        let shown = try fill.shownGas()
        let settings = try session.settings()
        return TagResult(fill: fill, unit: unit, shown: shown, settings: settings, facts: shown.facts(in: unit, settings: settings))
    }
}
