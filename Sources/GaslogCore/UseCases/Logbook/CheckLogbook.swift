import LogbookStore

/// Checks the logbook: SQLite's integrity and foreign keys, the schema, the
/// stored MODs and the audit trail.
public struct CheckLogbook: UseCase {
    /// No inputs.
    public static let inputs: [any InputDeclaration] = []

    /// A check of the whole logbook.
    public init() {}

    /// Reads nothing.
    public init(_ input: InputReader) throws(LogbookError) {}

    /// Runs every check, up to the first problem.
    public func run(in session: Session) throws(LogbookError) -> CheckResult {
        CheckResult(check: try session.logbook().check())
    }
}
