/// A filter cartridge change.
public struct FilterChange: Sendable, Equatable {
    /// Its id in the compressor's log.
    public let id: Int
    /// When the cartridge was changed.
    public let at: Timestamp
    /// The cartridge's batch, as printed on it.
    public let batch: String?
}
