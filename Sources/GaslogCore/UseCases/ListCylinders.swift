import LogbookStore
import NitroxCalculator

/// Each cylinder with its current gas: label, O2, ppO₂, MOD and the fill
/// it comes from. Every stored MOD is checked before any depth is shown.
public struct ListCylinders: UseCase {
    /// What it does, in a line: the command's overview and the API operation's summary.
    public static let summary: Wording = "List each cylinder with its current gas: label, O2, ppO₂, MOD and the fill it comes from."
    /// More about it: the command's discussion and the API operation's description.
    public static let description: Wording? = """
        A cylinder's current gas is its latest fill that is neither void nor dated in the future. \
        Its MOD comes from the richer of the blender's and the diver's readings.\(commandLine: " The NOTE column marks retired cylinders, newer fills that were passed over, and tags that show a deeper MOD.", api: "")
        """

    /// The inputs it reads: the command's options and the API's allowed keys.
    public static let inputs: [any InputDeclaration] = [CommonOptions.round, CommonOptions.unit]

    /// How MODs are rounded; each fill's own rounding when `nil`.
    public let rounding: DepthRounding?
    /// The unit asked for; the preferred one when `nil`.
    public let unit: UnitSystem?

    /// Reads the input; bad input throws, naming its field, before anything is read or written.
    public init(_ input: InputReader) throws(LogbookError) {
        unit = try input.value(CommonOptions.unit)
        rounding = try input.value(CommonOptions.round)
    }

    /// Runs it in `session`, which gathers its warnings.
    public func run(in session: Session) throws(LogbookError) -> CurrentGasesResult {
        let settings = try session.settings()
        let unit = self.unit ?? settings.unit
        let logbook = try session.logbook()
        let rows = try logbook.currentGases(latest: EntryTimeLimit(clockOf: logbook).latest).map { gas throws(LogbookError) in
            CurrentGasesResult.Row(gas: gas, shown: try gas.fill?.shownGas())
        }
        return CurrentGasesResult(rows: rows, unit: unit, rounding: rounding)
    }
}
