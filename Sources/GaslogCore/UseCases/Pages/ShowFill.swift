import LogbookStore

/// One fill as stored, with its charge: the tag page and `GET /api/v1/fills/{id}`.
public struct ShowFill: UseCase {
    /// What it does, in a line.
    public static let summary: Wording = "One fill"
    /// More about it, for the API operation that serves it.
    public static let description: Wording? = Wording(commandLine: "", api: "The fill with the export's keys. Takes no query parameters.")

    /// The fill's id.
    public static let inputs: [any InputDeclaration] = [CommonOptions.fillID]

    /// The fill.
    public let id: Int

    /// The fill `id`.
    public init(id: Int) {
        self.id = id
    }

    /// Reads the id.
    public init(_ input: InputReader) throws(LogbookError) {
        self.init(id: try input.value(CommonOptions.fillID))
    }

    /// Reads the fill and its charge.
    public func run(in session: Session) throws(LogbookError) -> StoredFillResult {
        let logbook = try session.logbook()
        let fill = try logbook.fill(id: id)
        return StoredFillResult(fill: fill, charge: try logbook.charge(ofFill: id))
    }
}
