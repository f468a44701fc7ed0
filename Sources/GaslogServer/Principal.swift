/// Who a request is made by, once authenticated, and what the account's role lets it do.
public struct Principal: Sendable, Equatable {
    /// What an account may do; each level includes the ones below it.
    public enum Level: Int, Sendable, Comparable {
        /// Every GET.
        case reader
        /// A reader's rights, plus recording and voiding fills, and blend plans.
        case blender
        /// Everything: the register, settings, import and accounts.
        case admin

        /// Orders the levels by what they may do.
        public static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The account's name, recorded with each change it makes.
    public let account: String
    /// What it may do.
    public let level: Level

    /// The principal `account` with `level`.
    public init(account: String, level: Level) {
        self.account = account
        self.level = level
    }
}
