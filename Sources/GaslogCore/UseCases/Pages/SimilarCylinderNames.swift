import LogbookStore

/// The registered cylinders whose names are one edit from a name: what a
/// new cylinder's page warns of, as a fill would.
public struct SimilarCylinderNames: UseCase {
    /// What it does, in a line.
    public static let summary: Wording = "The registered cylinders whose names are one edit from a name."

    /// The name.
    public static let inputs: [any InputDeclaration] = [RegisterOptions.cylinder]

    /// The name compared.
    public let name: CylinderName

    /// The names one edit from `name`.
    public init(name: CylinderName) {
        self.name = name
    }

    /// Reads the name.
    public init(_ input: InputReader) throws(LogbookError) {
        self.init(name: try input.value(RegisterOptions.cylinder))
    }

    /// Reads the names.
    public func run(in session: Session) throws(LogbookError) -> NamesResult {
        NamesResult(names: try session.logbook().cylindersOneEditFrom(name))
    }
}
