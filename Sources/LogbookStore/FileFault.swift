/// A file that could not be read or made, as facts: the core words them.
public enum FileFault: Sendable, Equatable, ExpressibleByStringInterpolation {
    /// What was done to the file.
    public enum Action: Sendable, Equatable {
        case read
        case create
        case createDatabase
        case createFolderForDatabase
        case setMode
        case write
        case renameCopy
        case openDatabase
    }

    /// `action` on `path` failed, for the system's or SQLite's `reason`.
    case failed(Action, path: String, reason: String)
    /// A file is already at `path`, so it was left as it was; for a restore, nothing was restored.
    case exists(path: String, restoring: Bool)
    /// No database is at `path`.
    case missingDatabase(path: String)
    /// Words made outside the store, shown as they are.
    case described(String)

    /// Words made outside the store.
    public init(stringLiteral text: String) {
        self = .described(text)
    }
}
