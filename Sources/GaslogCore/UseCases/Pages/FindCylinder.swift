import LogbookStore

/// A cylinder's register entry, by its current name: the edit form's values.
public struct FindCylinder: UseCase {
    /// What it does, in a line.
    public static let summary: Wording = "A cylinder's register entry, by its current name."

    /// The cylinder's name.
    public static let inputs: [any InputDeclaration] = [RegisterOptions.cylinder]

    /// The cylinder.
    public let name: CylinderName

    /// The cylinder `name`.
    public init(name: CylinderName) {
        self.name = name
    }

    /// Reads the name.
    public init(_ input: InputReader) throws(LogbookError) {
        self.init(name: try input.value(RegisterOptions.cylinder))
    }

    /// Reads the entry.
    public func run(in session: Session) throws(LogbookError) -> RegisterEntryResult {
        let logbook = try session.logbook()
        return RegisterEntryResult(cylinder: try logbook.cylinder(name), settings: try session.settings(), today: logbook.today())
    }
}
