/// Something that happened to a cylinder's identity or service, kept for
/// good in its history: a rename, a retirement, a reinstatement.
public struct CylinderEvent: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case renamed, retired, reinstated
    }

    public let kind: Kind
    /// When it happened, as stored (UTC).
    public let at: String
    /// For a rename: the name before and after.
    public let oldName: String?
    public let newName: String?
    /// For a retirement or a reinstatement: why.
    public let reason: String?

    static let selection = "SELECT kind, at, old_name, new_name, reason FROM cylinder_events"

    init?(row: Statement) {
        guard let kind = Kind(rawValue: row.text(0)) else { return nil }
        self.kind = kind
        at = row.text(1)
        oldName = row.optionalText(2)
        newName = row.optionalText(3)
        reason = row.optionalText(4)
    }
}
