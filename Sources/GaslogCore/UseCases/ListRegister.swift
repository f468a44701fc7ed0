import LogbookStore
import NitroxCalculator

/// Every cylinder in the register, retired ones included, in name order.
public struct ListRegister: UseCase {
    /// What it does, in a line: the command's overview and the API operation's summary.
    public static let summary: Wording = "List every cylinder in the register, retired ones marked."

    /// The inputs it reads: the command's options and the API's allowed keys.
    public static let inputs: [any InputDeclaration] = [CommonOptions.unit]

    /// The unit asked for; the preferred one when `nil`.
    public let unit: UnitSystem?

    /// Reads the input; bad input throws, naming its field, before anything is read or written.
    public init(_ input: InputReader) throws(LogbookError) {
        self.init(unit: try input.value(CommonOptions.unit))
    }

    /// The register in `unit`, or in the logbook's units when `nil`.
    public init(unit: UnitSystem?) {
        self.unit = unit
    }

    /// Runs it in `session`, which gathers its warnings.
    public func run(in session: Session) throws(LogbookError) -> RegisterResult {
        let settings = try session.settings()
        let logbook = try session.logbook()
        return RegisterResult(cylinders: try logbook.cylinders(), settings: settings, unit: unit ?? settings.unit, today: logbook.today())
    }
}
