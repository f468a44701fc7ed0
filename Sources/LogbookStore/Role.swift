/// What an account may do through the fill-log service, each role allowing
/// everything the ones before it allow.
public enum Role: String, Sendable, CaseIterable, Comparable {
    /// Reads the log: current gases, history, exports.
    case reader
    /// Also records and voids fills.
    case blender
    /// Also manages the register and the settings.
    case admin

    /// Whether this role allows what `required` allows.
    public func allows(_ required: Role) -> Bool { required <= self }

    /// Whether `lhs` allows less than `rhs`.
    public static func < (lhs: Role, rhs: Role) -> Bool {
        let order = Role.allCases
        return order.firstIndex(of: lhs) ?? 0 < order.firstIndex(of: rhs) ?? 0
    }
}
