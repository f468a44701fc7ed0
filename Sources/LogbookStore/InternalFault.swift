/// A fault of gaslog's own, or one SQLite reported, as facts: the core words them.
public enum InternalFault: Sendable, Equatable, ExpressibleByStringInterpolation {
    /// The row of `subject` (`cylinder 'A'`, as the audit trail names it)
    /// vanished before its audit entry was written.
    case vanishedBeforeAudit(subject: String)
    /// The account vanished while it was being changed.
    case accountVanished(Int)
    /// The cylinder vanished while a fill was being recorded.
    case cylinderVanished(String)
    /// The compressor vanished while it was being added, or imported.
    case compressorVanished(String, importing: Bool)
    /// An imported row reached the writer without its time.
    case importedRowWithoutTime
    /// A token to store is not a SHA-256 in hex.
    case tokenHashMalformed
    /// A password hash to store is not a `crypto_pwhash_str` hash.
    case passwordHashMalformed
    /// The schema the migrations make could not be made, for `reason`.
    case schemaUnavailable(reason: String)
    /// SQLite failed on the database at `path`, as it reports it.
    case database(path: String, String)
    /// Words made elsewhere, or an error as it describes itself.
    case described(String)

    /// Words made outside the store.
    public init(stringLiteral text: String) {
        self = .described(text)
    }
}
