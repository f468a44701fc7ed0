/// A fill's place in the log's order: its time, then its id. The log shows
/// fills newest first by this pair, so a page of it is bounded by two such
/// places, and stays the same page however many fills are added later,
/// back-dated ones included.
public struct LogPosition: Sendable, Hashable {
    /// When the fill happened.
    public let filledAt: Timestamp
    /// The fill's id, which orders fills of the same moment.
    public let id: Int

    /// The place of the fill with `id` filled at `filledAt`.
    public init(filledAt: Timestamp, id: Int) {
        self.filledAt = filledAt
        self.id = id
    }

    /// The place of `fill`.
    public init(of fill: FillRecord) {
        self.init(filledAt: fill.filledAt, id: fill.id)
    }
}
