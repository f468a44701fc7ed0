import LogbookStore

/// A refusal is decided inside the store's write transaction and thrown
/// through it as a ``LogbookError``: the store carries it, opaque, and the
/// core reads it back as its own.
extension LogbookError {
    /// The error that carries `refusal`, its rules named by their codes.
    init(refusing refusal: FillRefusal) {
        self.init(.refused(PolicyRefusal(rules: refusal.rules.map(\.code), detail: refusal)))
    }

    /// The fill-station refusal this error carries; `nil` for any other error.
    public var fillRefusal: FillRefusal? {
        guard case .refused(let carried) = reason else { return nil }
        return carried.detail as? FillRefusal
    }
}
