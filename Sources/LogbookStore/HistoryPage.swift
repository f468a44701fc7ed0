/// One page of the log, as ``Logbook/historyPage(_:size:)`` reads it.
public struct HistoryPage: Sendable {
    /// The page's fills, newest first.
    public let fills: [FillRecord]
    /// Whether a fill that matches is older than the page's last.
    public let hasOlder: Bool
    /// Whether a fill that matches is newer than the page's first.
    public let hasNewer: Bool
    /// How many fills match the query in all, when the page was asked to count them.
    public let total: Int?
}
