import LogbookStore

/// Every cylinder's current gas as stored, for the board.
public struct ListCurrentGases: UseCase {
    /// What it does, in a line.
    public static let summary: Wording = "Every cylinder's current gas as stored, for the board."

    /// No inputs.
    public static let inputs: [any InputDeclaration] = []

    /// Every current gas.
    public init() {}

    /// Reads nothing.
    public init(_ input: InputReader) throws(LogbookError) {}

    /// Reads the current gases, and today by the logbook's clock.
    public func run(in session: Session) throws(LogbookError) -> StoredGasesResult {
        let logbook = try session.logbook()
        return StoredGasesResult(gases: try logbook.currentGases(latest: EntryTimeLimit(clockOf: logbook).latest), today: logbook.today())
    }
}
