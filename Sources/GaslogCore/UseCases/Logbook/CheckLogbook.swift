import LogbookStore

/// Checks the logbook: SQLite's integrity and foreign keys, the schema, the
/// stored MODs and the audit trail.
public struct CheckLogbook: UseCase {
    /// What it does, in a line: the command's overview and the API operation's summary.
    public static let summary: Wording = "Check the logbook: SQLite's integrity and foreign keys, the schema version, and the audit trail."
    /// More about it: the command's discussion and the API operation's description.
    public static let description: Wording? = """
        Runs PRAGMA integrity_check, PRAGMA foreign_key_check, compares the schema version with this \
        gaslog's and every trigger and index with what its migrations make, recomputes every fill's stored MOD from its gas, and walks the audit trail as \
        'gaslog verify' does. Prints each check that passed; exits 0, or 74 naming the first problem.
        """

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
